import { bytesEqual } from '../codecs/key/bytes.js';
import type { EntityMetadata, FieldMetadata } from '../metadata/entity-metadata.js';
import type { Cell, RowData } from '../model/row-data.js';
import { keyErrorInRow, missingValue, readField } from './hydrate-entity-general.js';
import { locateError } from './locate-error.js';
import { readCollection } from './read-collection.js';

/**
 * Row → entity for one entity class.
 *
 * @example
 * ```ts
 * const hydrate: Hydrator<Device> | undefined = compileHydrator(getEntityMetadata(Device));
 * ```
 */
export type Hydrator<E extends object> = (row: RowData) => E;

/** Qualifiers up to this length are compared byte by byte inline; longer ones call bytesEqual. */
const INLINE_QUALIFIER_MAX = 24;

/** What the generated code reaches through its factory's arguments (never through interpolated source). */
interface Env {
  readonly entity: string;
  readonly proto: object;
  readonly fields: readonly FieldMetadata[];
  readonly qualifiers: readonly Uint8Array[];
  /** Per field, what it reads without a cell. */
  readonly missing: readonly unknown[];
  readonly keyCodec: EntityMetadata['key']['codec'];
  readonly keyErrorInRow: typeof keyErrorInRow;
  readonly readField: typeof readField;
  readonly readCollection: typeof readCollection;
  readonly locate: (error: unknown, slot: number, cell: Cell, key: Uint8Array) => unknown;
  readonly bytesEqual: typeof bytesEqual;
}

function qualifierTest(qualifier: Uint8Array, index: number): string {
  if (qualifier.length > INLINE_QUALIFIER_MAX) return `env.bytesEqual(q, env.qualifiers[${index}])`;
  const parts = [`q.length === ${qualifier.length}`];
  qualifier.forEach((byte, i) => parts.push(`q[${i}] === ${byte}`));
  return parts.join(' && ');
}

/**
 * The source of an entity's hydrator. Property and family names only ever appear as JSON string literals, so no
 * name can change the code; everything else (codecs, qualifiers, helpers) comes in through `env`.
 */
function hydratorSource(meta: EntityMetadata): { source: string; qualifiers: Uint8Array[] } {
  const fields = meta.fields;
  const qualifiers: Uint8Array[] = [];
  const name = (property: string): string => JSON.stringify(property);
  const out: string[] = [
    '"use strict";',
    'function E() {}',
    'E.prototype = env.proto;',
    'const K = env.keyCodec;',
  ];
  fields.forEach((field, slot) => {
    if (field.kind !== 'map' && field.kind !== 'set')
      out.push(`const C${slot} = env.fields[${slot}].codec, M${slot} = env.missing[${slot}];`);
  });
  out.push('return function hydrate(row) {', 'const key = row.key;');
  // The key codec is called from this entity's own site, as each column's codec is.
  out.push('let k; try { k = K.decode(key); } catch (error) { throw env.keyErrorInRow(error, key); }');
  out.push('const e = new E();');
  for (const part of meta.key.parts) out.push(`e[${name(part.property)}] = k[${name(part.property)}];`);
  if (fields.length > 0) out.push(`let ${fields.map((_, slot) => `f${slot}`).join(', ')};`);
  // A Map/Set's cells are a run of the row's cells, from s to t, until one arrives apart (then f lists them).
  fields.forEach((field, slot) => {
    if (field.kind === 'map' || field.kind === 'set') out.push(`let s${slot} = 0, t${slot} = 0;`);
  });

  // Which fields read each family, as the general hydrator decides: the family's Map/Set (the last declared one)
  // takes all its cells; otherwise each cell goes to every field naming its qualifier.
  const families = new Map<string, { collection: number | undefined; columns: number[] }>();
  fields.forEach((field, slot) => {
    let family = families.get(field.family);
    if (!family) families.set(field.family, (family = { collection: undefined, columns: [] }));
    if (field.kind === 'map' || field.kind === 'set') family.collection = slot;
    else family.columns.push(slot);
  });
  out.push('const cells = row.cells;', 'for (let i = 0, n = cells.length; i < n; i++) {');
  out.push('const c = cells[i];', 'switch (c.family) {');
  for (const [family, plan] of families) {
    out.push(`case ${JSON.stringify(family)}: {`);
    if (plan.collection !== undefined) {
      const [f, s, t] = ['f', 's', 't'].map((v) => `${v}${plan.collection}`);
      out.push(`if (${f} !== undefined) ${f}.push(c);`);
      out.push(`else if (${t} === 0) { ${s} = i; ${t} = i + 1; }`);
      out.push(`else if (${t} === i) ${t} = i + 1;`);
      out.push(`else { ${f} = cells.slice(${s}, ${t}); ${f}.push(c); }`);
    } else {
      out.push('const q = c.qualifier;');
      // Fields naming the same qualifier share one test, so each of them reads the cell.
      const byQualifier: Array<{ qualifier: Uint8Array; slots: number[] }> = [];
      for (const slot of plan.columns) {
        const qualifier = (fields[slot] as { qualifier: Uint8Array }).qualifier;
        const same = byQualifier.find((g) => bytesEqual(g.qualifier, qualifier));
        if (same) same.slots.push(slot);
        else byQualifier.push({ qualifier: qualifier, slots: [slot] });
      }
      byQualifier.forEach((group, g) => {
        qualifiers.push(group.qualifier);
        out.push(`${g === 0 ? '' : 'else '}if (${qualifierTest(group.qualifier, qualifiers.length - 1)}) {`);
        for (const slot of group.slots) {
          const field = fields[slot]!;
          const f = `f${slot}`;
          if ((field.kind === 'column' || field.kind === 'aggregate') && field.versioned)
            out.push(`if (${f} === undefined) ${f} = [c]; else ${f}.push(c);`);
          else out.push(`if (${f} === undefined || c.timestampMicros > ${f}.timestampMicros) ${f} = c;`);
        }
        out.push('}');
      });
    }
    out.push('break;', '}');
  }
  out.push('}', '}');

  // Every mapped property becomes an own property, even when undefined, in declaration order.
  fields.forEach((field, slot) => {
    const f = `f${slot}`;
    const property = name(field.property);
    if (field.kind === 'map' || field.kind === 'set')
      out.push(
        `e[${property}] = ${f} !== undefined`,
        `? env.readCollection(env.entity, key, env.fields[${slot}], ${f}, 0, ${f}.length)`,
        `: env.readCollection(env.entity, key, env.fields[${slot}], cells, s${slot}, t${slot});`,
      );
    else if ((field.kind === 'column' || field.kind === 'aggregate') && field.versioned)
      out.push(`e[${property}] = env.readField(env.entity, key, env.fields[${slot}], ${f});`);
    else {
      out.push(`if (${f} === undefined) e[${property}] = M${slot};`);
      out.push(`else { let v; try { v = C${slot}.decode(${f}.value); }`);
      out.push(`catch (error) { throw env.locate(error, ${slot}, ${f}, key); } e[${property}] = v; }`);
    }
  });
  out.push('return e;', '};');
  return { source: out.join('\n'), qualifiers };
}

/**
 * A hydrator generated for one entity: each property is stored by its literal name in a fixed order (one object
 * shape, no lookups by name at run time), each cell goes to its field by a generated family switch and qualifier
 * byte test, and each column's codec is called from its own site. It returns exactly what `hydrateEntityGeneral`
 * returns and throws the same errors (property tests pin this). Undefined when the host forbids code generation
 * (a content security policy, `--disallow-code-generation-from-strings`); callers then use the general hydrator.
 *
 * @example
 * ```ts
 * const device = compileHydrator(getEntityMetadata(Device))?.(row);
 * ```
 */
export function compileHydrator<E extends object>(meta: EntityMetadata<E>): Hydrator<E> | undefined {
  const { source, qualifiers } = hydratorSource(meta);
  const env: Env = {
    entity: meta.name,
    proto: meta.target.prototype as object,
    fields: meta.fields,
    qualifiers,
    missing: meta.fields.map(missingValue),
    keyCodec: meta.key.codec,
    keyErrorInRow,
    readField,
    readCollection,
    locate: (error, slot, cell, key) =>
      locateError(error, meta.name, meta.fields[slot]!.property, {
        key,
        family: cell.family,
        qualifier: cell.qualifier,
      }),
    bytesEqual,
  };
  let factory: (env: Env) => Hydrator<E>;
  try {
    factory = new Function('env', source) as (env: Env) => Hydrator<E>;
  } catch (error) {
    // A host that forbids code generation says so with an EvalError; anything else is a bug of the generator.
    if (error instanceof EvalError) return undefined;
    throw error;
  }
  return factory(env);
}
