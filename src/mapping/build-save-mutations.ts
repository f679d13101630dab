import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { compareBytes } from '../codecs/key/bytes.js';
import { ValueEncodingError } from '../errors/value-encoding-error.js';
import type {
  ColumnFieldMetadata,
  EntityMetadata,
  MapFieldMetadata,
  SetFieldMetadata,
  VersionFieldMetadata,
} from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { checkWriteLimits } from './check-write-limits.js';
import { encodeEntityKey } from './entity-key.js';
import { encodeLocated, located } from './locate-error.js';
import type { MappingWarning } from './mapping-warning.js';
import type { Clock } from './save-timestamp.js';
import { dateToMicros, saveTimestampMicros } from './save-timestamp.js';
import { encodeToken, randomWriteId, SCHEMA_VERSION_PROPERTY } from './schema-version-token.js';

const EMPTY = new Uint8Array(0);

/**
 * Options of {@link buildSaveMutations}.
 *
 * @example
 * ```ts
 * buildSaveMutations(meta, entity, { now: () => Date.UTC(2024, 0, 1) });
 * ```
 */
export interface SaveOptions {
  /** Clock in milliseconds for the save timestamp (default `Date.now`); inject it for reproducible output. */
  readonly now?: Clock;
  /** Source of the 8-byte write id of an evolving entity's schema-version token (default: crypto random). */
  readonly writeId?: () => Uint8Array;
}

/**
 * The optimistic-locking part of a save: what the stored version must be, and what the save writes.
 *
 * @example
 * ```ts
 * const { expected, next } = buildSaveMutations(meta, entity).version!;
 * ```
 */
export interface VersionCheck {
  readonly family: string;
  readonly qualifier: Uint8Array;
  /** Encoded version the row must still hold; undefined = the cell must be absent (new entity). */
  readonly expected: Uint8Array | undefined;
  /** The version value this save writes (current + 1), in the property's representation. */
  readonly next: bigint | number;
}

/**
 * Everything one whole-entity save sends, as a single atomic MutateRow.
 *
 * @example
 * ```ts
 * const { key, mutations } = buildSaveMutations(meta, entity); await mutateRow(conn, table, key, mutations);
 * ```
 */
export interface SaveMutations {
  readonly key: Uint8Array;
  readonly mutations: readonly Mutation[];
  /** The timestamp of every cell the save writes (except versioned entries, which carry their own). */
  readonly timestampMicros: bigint;
  readonly version: VersionCheck | undefined;
  /** The schema-version token the save writes (entities with `@Evolve` only). */
  readonly schemaToken?: Uint8Array;
  readonly warnings: readonly MappingWarning[];
}

interface VersionedEntry {
  readonly timestamp: unknown;
  readonly value: unknown;
}

/**
 * The mutation list of one whole-entity save (pure; nothing is sent):
 * - scalar columns: DeleteFromColumn + SetCell at the save timestamp (the column holds exactly the last save to
 *   arrive, whatever the clocks); an absent optional/nullable value → DeleteFromColumn;
 * - versioned columns: one SetCell per `{ timestamp, value }` entry at the entry's own timestamp; nothing is
 *   deleted (re-saving is idempotent; older versions go with the family's GC rule);
 * - Map/Set families: DeleteFromFamily, then one SetCell per entry in qualifier order, so the row holds exactly
 *   the entity's entries after the atomic MutateRow;
 * - counters and aggregates: untouched (they change through increments and AddToCell only);
 * - version field: DeleteFromColumn + SetCell of `version + 1` (always one cell), with the check to send the save
 *   conditionally;
 * - schema-version cell (`@Evolve`): DeleteFromColumn + SetCell of a fresh token (current version, random write id).
 * Limits are checked before returning (see `checkWriteLimits`).
 *
 * @example
 * ```ts
 * const save = buildSaveMutations(getEntityMetadata(Device), device, { now: () => 1_700_000_000_000 });
 * await mutateRow(conn, meta.table, save.key, save.mutations);
 * ```
 */
export function buildSaveMutations<E extends object>(
  meta: EntityMetadata<E>,
  entity: E,
  options: SaveOptions = {},
): SaveMutations {
  if (typeof entity !== 'object' || entity === null)
    throw new InvalidArgumentError({
      api: `save(${meta.name})`,
      argument: 'entity',
      value: entity,
      expected: `a ${meta.name} object`,
    });
  const timestampMicros = saveTimestampMicros(options.now);
  const key = encodeEntityKey(meta, entity);
  const mutations: Mutation[] = [];
  const origins: Array<string | undefined> = [];
  const push = (property: string, mutation: Mutation): void => {
    mutations.push(mutation);
    origins.push(property);
  };
  const values = entity as Record<string, unknown>;
  let version: VersionCheck | undefined;

  for (const field of meta.fields) {
    const value = values[field.property];
    switch (field.kind) {
      case 'column':
        if (field.versioned) writeVersioned(meta.name, field, value, push);
        else writeColumn(meta.name, field, value, timestampMicros, push);
        break;
      case 'map':
      case 'set':
        writeFamily(meta.name, field, value, timestampMicros, push);
        break;
      case 'version':
        version = writeVersion(meta.name, field, value, timestampMicros, push);
        break;
      case 'counter':
      case 'aggregate':
        break;
    }
  }
  const evolution = meta.evolution;
  let schemaToken: Uint8Array | undefined;
  if (evolution !== undefined) {
    schemaToken = encodeToken(evolution.version, (options.writeId ?? randomWriteId)());
    const { family, qualifier } = evolution;
    replaceColumn(SCHEMA_VERSION_PROPERTY, family, qualifier, timestampMicros, schemaToken, push);
  }
  const warnings = checkWriteLimits(meta.name, key, mutations, origins);
  return Object.freeze({
    key,
    mutations: Object.freeze(mutations),
    timestampMicros,
    version,
    ...(schemaToken === undefined ? {} : { schemaToken }),
    warnings: Object.freeze(warnings),
  });
}

type Push = (property: string, mutation: Mutation) => void;

function requiredValueError(entity: string, field: ColumnFieldMetadata, value: unknown): ValueEncodingError {
  return new ValueEncodingError({
    entity,
    property: field.property,
    codec: field.codec.name,
    direction: 'encode',
    value,
    limit: 'a value (the column is neither optional nor nullable)',
  });
}

function writeColumn(
  entity: string,
  field: ColumnFieldMetadata,
  value: unknown,
  ts: bigint,
  push: Push,
): void {
  if (value === undefined || value === null) {
    if (!field.optional && !field.nullable) throw requiredValueError(entity, field, value);
    push(field.property, { kind: 'deleteFromColumn', family: field.family, qualifier: field.qualifier });
    return;
  }
  const bytes = encodeLocated(entity, field.property, field.codec, value);
  replaceColumn(field.property, field.family, field.qualifier, ts, bytes, push);
}

/**
 * Replaces a column's cells with one new cell. Deleting first (in the same atomic mutation) makes the stored
 * value the last save to reach the server, whatever the writers' clocks: with a plain SetCell, a writer whose
 * clock runs behind would write a cell older than the one it replaces, and every read would keep showing the
 * older save.
 */
function replaceColumn(
  property: string,
  family: string,
  qualifier: Uint8Array,
  ts: bigint,
  value: Uint8Array,
  push: Push,
): void {
  push(property, { kind: 'deleteFromColumn', family, qualifier });
  push(property, { kind: 'setCell', family, qualifier, timestampMicros: ts, value });
}

function writeVersioned(entity: string, field: ColumnFieldMetadata, value: unknown, push: Push): void {
  const fail = (limit: string, bad: unknown): ValueEncodingError =>
    new ValueEncodingError({
      entity,
      property: field.property,
      codec: field.codec.name,
      direction: 'encode',
      value: bad,
      limit,
    });
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) throw fail('an array of { timestamp: Date, value } (a versioned column)', value);
  const seen = new Set<bigint>();
  for (const entry of value as unknown[]) {
    const { timestamp, value: item } = (entry ?? {}) as VersionedEntry;
    if (!(timestamp instanceof Date) || Number.isNaN(timestamp.getTime()) || timestamp.getTime() < 0)
      throw fail('each entry to have a valid timestamp Date at or after 1970', entry);
    const micros = dateToMicros(timestamp);
    if (seen.has(micros)) throw fail('distinct timestamps (one cell per timestamp)', timestamp);
    seen.add(micros);
    if (item === undefined || item === null) throw fail('each entry to have a value', entry);
    const bytes = located(entity, field.property, () => field.codec.encode(item));
    push(field.property, {
      kind: 'setCell',
      family: field.family,
      qualifier: field.qualifier,
      timestampMicros: micros,
      value: bytes,
    });
  }
}

function writeFamily(
  entity: string,
  field: MapFieldMetadata | SetFieldMetadata,
  value: unknown,
  ts: bigint,
  push: Push,
): void {
  const expected = field.kind === 'map' ? Map : Set;
  if (value !== undefined && value !== null && !(value instanceof expected))
    throw new ValueEncodingError({
      entity,
      property: field.property,
      codec: field.keyCodec.name,
      direction: 'encode',
      value,
      limit: `a ${expected.name} (the property owns family ${field.family})`,
    });
  const cells: Array<{ qualifier: Uint8Array; value: Uint8Array; key: unknown }> = [];
  if (value instanceof Map) {
    for (const [k, v] of value as Map<unknown, unknown>) {
      const qualifier = encodeLocated(entity, field.property, field.keyCodec, k);
      const bytes = field.kind === 'map' ? encodeLocated(entity, field.property, field.valueCodec, v) : EMPTY;
      cells.push({ qualifier, value: bytes, key: k });
    }
  } else if (value instanceof Set) {
    for (const k of value as Set<unknown>)
      cells.push({
        qualifier: encodeLocated(entity, field.property, field.keyCodec, k),
        value: EMPTY,
        key: k,
      });
  }
  cells.sort((a, b) => compareBytes(a.qualifier, b.qualifier));
  // Sorted, two keys that encode to the same qualifier are neighbours.
  for (let i = 1; i < cells.length; i++)
    if (compareBytes(cells[i - 1]!.qualifier, cells[i]!.qualifier) === 0)
      throw new ValueEncodingError({
        entity,
        property: field.property,
        codec: field.keyCodec.name,
        direction: 'encode',
        value: cells[i]!.key,
        limit: 'keys with distinct encodings (two keys encode to the same qualifier)',
      });
  push(field.property, { kind: 'deleteFromFamily', family: field.family });
  for (const cell of cells) {
    push(field.property, {
      kind: 'setCell',
      family: field.family,
      qualifier: cell.qualifier,
      timestampMicros: ts,
      value: cell.value,
    });
  }
}

function writeVersion(
  entity: string,
  field: VersionFieldMetadata,
  value: unknown,
  ts: bigint,
  push: Push,
): VersionCheck {
  const isNew = value === undefined || value === null || value === 0 || value === 0n;
  // Encoding the current value first validates its type and range (bigint vs number) with a located error.
  const expected = isNew ? undefined : located(entity, field.property, () => field.codec.encode(value));
  const current = isNew ? 0n : BigInt(value as bigint | number);
  const next = field.codec.name === 'int64AsNumber' ? Number(current + 1n) : current + 1n;
  const bytes = located(entity, field.property, () => field.codec.encode(next));
  // One cell, always replaced: the version check then compares against the last write that reached the server,
  // never against whichever writer had the fastest clock.
  replaceColumn(field.property, field.family, field.qualifier, ts, bytes, push);
  return Object.freeze({ family: field.family, qualifier: field.qualifier, expected, next });
}
