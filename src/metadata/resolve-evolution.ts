import { bytesEqual } from '../codecs/key/bytes.js';
import { stringCodec } from '../codecs/value/string-codec.js';
import type { MetadataProblem } from '../errors/metadata-error.js';
import { printableKey } from '../errors/printable-key.js';
import { BIGTABLE_LIMITS } from './bigtable-names.js';
import type { QualifierRef } from './declaration-args.js';
import type {
  EvolutionMetadata,
  FamilyMetadata,
  FieldMetadata,
  OldFieldMetadata,
  UpcastStepMetadata,
} from './entity-metadata.js';
import type { OldField, UpcastStep } from './evolution-options.js';
import type { MergedDeclarations } from './merge-declarations.js';
import { resolveCodecRef } from './resolve-codec.js';

/** The default qualifier of the schema-version cell. */
const DEFAULT_QUALIFIER = '_v';

function encodeQualifier(ref: QualifierRef): Uint8Array {
  return new Uint8Array(typeof ref === 'string' ? stringCodec.encode(ref) : ref);
}

function resolveOldField(property: string, field: OldField): OldFieldMetadata {
  switch (field.kind) {
    case 'map':
      return {
        kind: 'map',
        property,
        family: field.family,
        keyCodec: resolveCodecRef(field.key),
        valueCodec: resolveCodecRef(field.value),
      };
    case 'set':
      return { kind: 'set', property, family: field.family, keyCodec: resolveCodecRef(field.key) };
    default:
      return {
        kind: 'column',
        property,
        family: field.family,
        qualifier: encodeQualifier(field.qualifier ?? property),
        codec: resolveCodecRef(field.codec),
        // An old column may be absent from any row of that version: reading it never fails for lack of a cell.
        optional: true,
        nullable: false,
        versioned: false,
      };
  }
}

/**
 * Resolves and checks `@Evolve` against the rest of the entity: the version cell's family is a declared cell family
 * (not aggregate, not owned by a Map/Set) and its qualifier is no declared column; every old field names a declared,
 * non-aggregate family and no key part, counter, aggregate or version property (upcasts never rewrite those), and
 * no old column sits on the version cell. Problems are added to `problems`; returns undefined when the entity does
 * not evolve or something is wrong.
 *
 * @example
 * ```ts
 * const evolution = resolveEvolution('User', merged, fields, families, problems);
 * ```
 */
export function resolveEvolution(
  entity: string,
  merged: MergedDeclarations,
  fields: readonly FieldMetadata[],
  families: readonly FamilyMetadata[],
  problems: MetadataProblem[],
): EvolutionMetadata | undefined {
  const record = merged.evolution?.record;
  if (!record || record.problems.length > 0) return undefined; // argument problems: reported when merging
  const before = problems.length;
  const problem = (message: string, property?: string): void => {
    problems.push({ entity, ...(property === undefined ? {} : { property }), message });
  };
  const options = record.options;
  const familyProblem = (family: string, what: string): string | undefined => {
    const declared = families.find((f) => f.name === family);
    if (!declared)
      return `${what} uses undeclared family ${family}; declare it with @Family('${family}') (keep it while a step reads it)`;
    if (declared.aggregate !== undefined) return `${what} cannot be in aggregate family ${family}`;
    return undefined;
  };

  const qualifier = encodeQualifier(options.qualifier ?? DEFAULT_QUALIFIER);
  const cellProblem = familyProblem(options.family, 'the schema-version cell');
  if (cellProblem) problem(`evolution: ${cellProblem}`);
  const owner = families.find((f) => f.name === options.family)?.ownedBy;
  if (owner !== undefined)
    problem(
      `evolution: family ${options.family} is owned by ${owner} (a Map/Set); put the schema-version cell in a family of columns`,
    );
  const clash = fields.find(
    (f) =>
      f.kind !== 'map' &&
      f.kind !== 'set' &&
      f.family === options.family &&
      bytesEqual(f.qualifier, qualifier),
  );
  if (clash)
    problem(
      `evolution: the schema-version cell ${options.family}:"${printableKey(qualifier)}" is also ${clash.property}'s column; choose another qualifier`,
    );
  if (qualifier.length > BIGTABLE_LIMITS.qualifierBytes)
    problem(
      `evolution: qualifier is ${qualifier.length} bytes, above Bigtable's limit of ${BIGTABLE_LIMITS.qualifierBytes}`,
    );

  const keyParts = new Set(merged.keyParts.keys());
  const steps: UpcastStepMetadata[] = [];
  for (const step of (options.steps ?? []) as readonly UpcastStep<never, object>[]) {
    const shape: OldFieldMetadata[] = [];
    for (const [property, declared] of Object.entries(step.shape as Record<string, OldField | undefined>)) {
      if (declared === undefined) continue;
      const where = `step from ${step.from}`;
      if (keyParts.has(property)) {
        problem(`${where}: a key part cannot have an old shape (an upcast never changes the key)`, property);
        continue;
      }
      const current = fields.find((f) => f.property === property);
      if (
        current &&
        (current.kind === 'counter' || current.kind === 'aggregate' || current.kind === 'version')
      ) {
        problem(
          `${where}: a ${current.kind} cannot have an old shape (upcasts never rewrite ${current.kind} cells)`,
          property,
        );
        continue;
      }
      const bad = familyProblem(declared.family, `${where}: the old storage`);
      if (bad) {
        problem(bad, property);
        continue;
      }
      const old = resolveOldField(property, declared);
      if (old.kind === 'column') {
        if (old.family === options.family && bytesEqual(old.qualifier, qualifier))
          problem(
            `${where}: the old column is the schema-version cell ${old.family}:"${printableKey(qualifier)}"`,
            property,
          );
        if (old.qualifier.length > BIGTABLE_LIMITS.qualifierBytes)
          problem(`${where}: qualifier is ${old.qualifier.length} bytes, above Bigtable's limit`, property);
      } else if (old.family === options.family) {
        problem(
          `${where}: an old ${old.kind} cannot own family ${old.family}, which holds the schema-version cell`,
          property,
        );
      }
      shape.push(old);
    }
    steps.push({
      from: step.from,
      shape,
      upcast: (state) => (step as { upcast(old: unknown): unknown }).upcast(state),
    });
  }
  if (problems.length > before) return undefined;
  steps.sort((a, b) => a.from - b.from);
  return {
    version: options.version,
    family: options.family,
    qualifier,
    writeBack: options.writeBack ?? false,
    steps,
  };
}
