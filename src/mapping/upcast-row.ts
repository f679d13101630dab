import { bytesEqual } from '../codecs/key/bytes.js';
import { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import { SchemaVersionError } from '../errors/schema-version-error.js';
import { UpcastError } from '../errors/upcast-error.js';
import type {
  EntityMetadata,
  EvolutionMetadata,
  FieldMetadata,
  OldFieldMetadata,
  UpcastStepMetadata,
} from '../metadata/entity-metadata.js';
import type { RowData } from '../model/row-data.js';
import { encodeEntityKey } from './entity-key.js';
import { hydrateEntity } from './hydrate-entity.js';
import { rowSchemaVersion } from './schema-version-token.js';
import { isCountingField } from '../metadata/counting-field.js';

/**
 * How a row stored at an older version is decoded: the current declaration without the fields whose storage the
 * old shape takes over (same property, or the same column or family), and the old shape itself.
 */
interface OldRowPlan {
  readonly current: EntityMetadata;
  readonly old: EntityMetadata;
}

const plans = new WeakMap<UpcastStepMetadata, OldRowPlan>();

function occupiesSameStorage(field: FieldMetadata, old: OldFieldMetadata): boolean {
  if (field.family !== old.family) return false;
  const whole = (f: FieldMetadata): boolean => f.kind === 'map' || f.kind === 'set';
  if (whole(field) || whole(old)) return true;
  return bytesEqual(
    (field as { qualifier: Uint8Array }).qualifier,
    (old as { qualifier: Uint8Array }).qualifier,
  );
}

function oldRowPlan(meta: EntityMetadata, step: UpcastStepMetadata): OldRowPlan {
  let plan = plans.get(step);
  if (plan) return plan;
  const listed = new Set(step.shape.map((f) => f.property));
  const fields = meta.fields.filter(
    (f) => !listed.has(f.property) && !step.shape.some((old) => occupiesSameStorage(f, old)),
  );
  // The same key and class, other fields: hydrateEntity reads exactly these (and caches its read plan per object).
  plan = {
    current: { ...meta, fields, evolution: undefined },
    old: { ...meta, fields: step.shape, version: undefined, evolution: undefined },
  };
  plans.set(step, plan);
  return plan;
}

/**
 * The versions an entity reads: every `from` whose steps chain without a gap to the current version, and the
 * current version itself.
 *
 * @example
 * ```ts
 * supportedVersions(meta.evolution!); // [1, 2, 3]
 * ```
 */
export function supportedVersions(evolution: EvolutionMetadata): number[] {
  const out = [evolution.version];
  for (let v = evolution.version - 1; v >= 0; v--) {
    if (!evolution.steps.some((s) => s.from === v)) break;
    out.unshift(v);
  }
  return out;
}

function ownState(entity: object): Record<string, unknown> {
  return { ...(entity as Record<string, unknown>) };
}

function runStep(
  meta: EntityMetadata,
  key: Uint8Array,
  step: UpcastStepMetadata,
  state: Record<string, unknown>,
): Record<string, unknown> {
  let next: unknown;
  try {
    next = step.upcast(Object.freeze(state));
  } catch (error) {
    throw new UpcastError(
      {
        entity: meta.name,
        key,
        fromVersion: step.from,
        problem: `threw: ${error instanceof Error ? error.message : String(error)}`,
      },
      error,
    );
  }
  if (typeof next !== 'object' || next === null)
    throw new UpcastError({
      entity: meta.name,
      key,
      fromVersion: step.from,
      problem: `returned ${next === null ? 'null' : typeof next} instead of an object`,
    });
  return ownState(next);
}

/**
 * Hydrates a row into the current entity, upcasting it when it is stored at an older schema version (pure):
 * the current declaration is read as usual (except where the old shape takes over a property or its storage), the
 * old shape of the row's version is decoded over it, each step from the row's version up runs in order, and the
 * mapped properties of the final state make the entity. Key parts, counters, aggregates and the version field keep
 * what the row holds. A row at the current version (or of an entity without evolution) is just hydrated.
 * Throws `SchemaVersionError` for a version newer than the current one or without a chain of steps,
 * `UpcastError` when a step throws, returns a non-object or changes a key part, and the hydrator's
 * `ValueEncodingError`/`KeyEncodingError` for bytes that do not decode.
 *
 * @example
 * ```ts
 * const { entity, fromVersion } = upcastRow(getEntityMetadata(Device), { key: Buffer.from('phone#1'), cells: [] });
 * ```
 */
export function upcastRow<E extends object>(
  meta: EntityMetadata<E>,
  row: RowData,
): { entity: E; fromVersion: number } {
  const evolution = meta.evolution;
  if (evolution === undefined) return { entity: hydrateEntity(meta, row), fromVersion: 0 };
  const fromVersion = rowSchemaVersion(meta, row);
  if (fromVersion === evolution.version) return { entity: hydrateEntity(meta, row), fromVersion };
  const chain: UpcastStepMetadata[] = [];
  for (let v = fromVersion; v < evolution.version; v++) {
    const step = evolution.steps.find((s) => s.from === v);
    if (!step) break;
    chain.push(step);
  }
  if (fromVersion > evolution.version || chain.length !== evolution.version - fromVersion)
    throw new SchemaVersionError({
      entity: meta.name,
      key: row.key,
      foundVersion: fromVersion,
      supportedVersions: supportedVersions(evolution),
      currentVersion: evolution.version,
    });
  const plan = oldRowPlan(meta, chain[0]!);
  const current = hydrateEntity(plan.current as EntityMetadata<E>, row);
  const old = hydrateEntity(plan.old, row) as Record<string, unknown>;
  let state = ownState(current);
  for (const field of chain[0]!.shape) state[field.property] = old[field.property];
  for (const step of chain) state = runStep(meta, row.key, step, state);

  const entity = Object.create(meta.target.prototype as object) as Record<string, unknown>;
  const hydrated = current as Record<string, unknown>;
  for (const part of meta.key.parts)
    entity[part.property] = part.property in state ? state[part.property] : hydrated[part.property];
  for (const field of meta.fields) {
    const kept = isCountingField(field) || field.kind === 'version';
    entity[field.property] = kept ? hydrated[field.property] : state[field.property];
  }
  checkKeyUnchanged(meta, row.key, entity, chain[chain.length - 1]!.from);
  return { entity: entity as E, fromVersion };
}

function checkKeyUnchanged(meta: EntityMetadata, key: Uint8Array, entity: object, lastStep: number): void {
  let encoded: Uint8Array | undefined;
  let cause: unknown;
  try {
    encoded = encodeEntityKey(meta, entity);
  } catch (error) {
    if (!(error instanceof BigtableMapperError)) throw error;
    cause = error;
  }
  if (encoded === undefined || !bytesEqual(encoded, key))
    throw new UpcastError(
      {
        entity: meta.name,
        key,
        fromVersion: lastStep,
        problem: 'changed a key part (an upcast never moves a row; save under the new key instead)',
      },
      cause,
    );
}
