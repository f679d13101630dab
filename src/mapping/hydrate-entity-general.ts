import { bytesEqual, compareBytes } from '../codecs/key/bytes.js';
import { KeyEncodingError } from '../errors/key-encoding-error.js';
import type { EntityMetadata, FieldMetadata } from '../metadata/entity-metadata.js';
import type { Cell, RowData } from '../model/row-data.js';
import { locateError } from './locate-error.js';
import { microsToDate } from './save-timestamp.js';

type CollectionField = Extract<FieldMetadata, { kind: 'map' | 'set' }>;
type CellField = Exclude<FieldMetadata, CollectionField>;

/** Where a family's cells go: the one Map/Set that owns it, or the cell fields declared in it. */
interface FamilyPlan {
  readonly collection: number | undefined;
  /** Indexes into the entity's fields of the cell fields of this family, and their qualifiers. */
  readonly slots: readonly number[];
  readonly qualifiers: readonly Uint8Array[];
}

/**
 * An entity's read plan, made once per metadata: a family name leads straight to its fields, so a row is
 * hydrated in one pass over its cells with no per-cell allocation (no hex qualifier strings, no sorting when the
 * cells arrive in Bigtable's order, which they do from a read).
 */
interface ReadPlan {
  readonly families: ReadonlyMap<string, FamilyPlan>;
}

const plans = new WeakMap<EntityMetadata, ReadPlan>();

function readPlanOf(meta: EntityMetadata): ReadPlan {
  let plan = plans.get(meta);
  if (plan) return plan;
  const families = new Map<
    string,
    { collection: number | undefined; slots: number[]; qualifiers: Uint8Array[] }
  >();
  meta.fields.forEach((field, index) => {
    let family = families.get(field.family);
    if (!family) families.set(field.family, (family = { collection: undefined, slots: [], qualifiers: [] }));
    if (field.kind === 'map' || field.kind === 'set') family.collection = index;
    else {
      family.slots.push(index);
      family.qualifiers.push(field.qualifier);
    }
  });
  plan = { families };
  plans.set(meta, plan);
  return plan;
}

/** Newest first; equal timestamps keep their arrival order (Array.prototype.sort is stable). */
const newestFirst = (a: Cell, b: Cell): number =>
  a.timestampMicros > b.timestampMicros ? -1 : a.timestampMicros < b.timestampMicros ? 1 : 0;

/**
 * The general hydrator, one loop for every entity shape: the semantics `hydrateEntity` documents, and what its
 * compiled hydrators are checked against (property tests) and fall back to where code generation is not allowed.
 *
 * @example
 * ```ts
 * const device = hydrateEntityGeneral(getEntityMetadata(Device), row);
 * ```
 */
export function hydrateEntityGeneral<E extends object>(meta: EntityMetadata<E>, row: RowData): E {
  const entity = Object.create(meta.target.prototype as object) as Record<string, unknown>;
  const keyValues = decodeEntityKey(meta, row.key);
  for (const part of meta.key.parts) entity[part.property] = keyValues[part.property];
  const fields = meta.fields;
  // Per field: the newest cell (plain column), every cell (versioned) or every cell of the family (Map/Set).
  const found: Array<Cell | Cell[] | undefined> = new Array(fields.length);
  const plan = readPlanOf(meta);
  for (const cell of row.cells) {
    const family = plan.families.get(cell.family);
    if (family === undefined) continue;
    if (family.collection !== undefined) {
      const bucket = found[family.collection] as Cell[] | undefined;
      if (bucket) bucket.push(cell);
      else found[family.collection] = [cell];
      continue;
    }
    const qualifiers = family.qualifiers;
    for (let q = 0; q < qualifiers.length; q++) {
      if (!bytesEqual(qualifiers[q]!, cell.qualifier)) continue;
      const slot = family.slots[q]!;
      const field = fields[slot] as CellField;
      if ((field.kind === 'column' || field.kind === 'aggregate') && field.versioned) {
        const list = found[slot] as Cell[] | undefined;
        if (list) list.push(cell);
        else found[slot] = [cell];
      } else {
        const current = found[slot] as Cell | undefined;
        if (current === undefined || cell.timestampMicros > current.timestampMicros) found[slot] = cell;
      }
      // No break: should two fields name the same column, each reads it.
    }
  }
  // Every mapped property becomes an own property, even when undefined, like the class fields of `new C()`.
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    entity[field.property] = readField(meta.name, row.key, field, found[i]);
  }
  return entity as E;
}

/**
 * The key parts of a row key; a `KeyEncodingError` also names the whole key.
 *
 * @example
 * ```ts
 * decodeEntityKey(getEntityMetadata(Device), row.key); // { deviceId: '4c410523', at: Date(…) }
 * ```
 */
export function decodeEntityKey(meta: EntityMetadata, key: Uint8Array): Record<string, unknown> {
  try {
    return meta.key.codec.decode(key) as Record<string, unknown>;
  } catch (error) {
    throw keyErrorInRow(error, key);
  }
}

/**
 * The error to rethrow from a row key's decode: the codec names the field and its bytes, a reader also needs the
 * whole key to find the row; other errors pass unchanged.
 *
 * @example
 * ```ts
 * try { codec.decode(key); } catch (error) { throw keyErrorInRow(error, key); }
 * ```
 */
export function keyErrorInRow(error: unknown, key: Uint8Array): unknown {
  return error instanceof KeyEncodingError && error.rowKey === undefined ? error.inRow(key) : error;
}

/**
 * Decodes one value; a failure names the entity, property, row and column (a scan's bad cell must be findable).
 *
 * @example
 * ```ts
 * decodeCell('Device', row.key, 'name', cell, cell.value, codec);
 * ```
 */
export function decodeCell(
  entity: string,
  key: Uint8Array,
  property: string,
  cell: Cell,
  bytes: Uint8Array,
  codec: { decode(bytes: Uint8Array): unknown },
): unknown {
  try {
    return codec.decode(bytes);
  } catch (error) {
    throw locateError(error, entity, property, { key, family: cell.family, qualifier: cell.qualifier });
  }
}

/** The latest cell of each qualifier, in qualifier byte order (a read delivers them so; other rows are sorted). */
function latestPerQualifier(cells: Cell[]): Cell[] {
  let ordered = true;
  for (let i = 1; i < cells.length && ordered; i++)
    if (compareBytes(cells[i - 1]!.qualifier, cells[i]!.qualifier) > 0) ordered = false;
  if (!ordered) cells = [...cells].sort((a, b) => compareBytes(a.qualifier, b.qualifier));
  const out: Cell[] = [];
  for (const cell of cells) {
    const last = out[out.length - 1];
    if (last !== undefined && bytesEqual(last.qualifier, cell.qualifier)) {
      if (cell.timestampMicros > last.timestampMicros) out[out.length - 1] = cell;
    } else out.push(cell);
  }
  return out;
}

/**
 * The value of one field from the cells gathered for it: the newest cell (plain column), every cell (versioned
 * column) or every cell of its family (Map/Set), or the field's missing value.
 *
 * @example
 * ```ts
 * readField('Device', row.key, field, cellsOfFamily);
 * ```
 */
export function readField(
  entity: string,
  key: Uint8Array,
  field: FieldMetadata,
  found: Cell | Cell[] | undefined,
): unknown {
  switch (field.kind) {
    case 'map': {
      const map = new Map<unknown, unknown>();
      if (found === undefined) return map;
      for (const cell of latestPerQualifier(found as Cell[])) {
        const k = decodeCell(entity, key, field.property, cell, cell.qualifier, field.keyCodec);
        map.set(k, decodeCell(entity, key, field.property, cell, cell.value, field.valueCodec));
      }
      return map;
    }
    case 'set': {
      const set = new Set<unknown>();
      if (found === undefined) return set;
      for (const cell of latestPerQualifier(found as Cell[]))
        set.add(decodeCell(entity, key, field.property, cell, cell.qualifier, field.keyCodec));
      return set;
    }
    default: {
      const versioned = (field.kind === 'column' || field.kind === 'aggregate') && field.versioned;
      if (versioned) {
        const cells = found === undefined ? [] : [...(found as Cell[])].sort(newestFirst);
        return cells.map((cell) => ({
          timestamp: microsToDate(cell.timestampMicros),
          value: decodeCell(entity, key, field.property, cell, cell.value, field.codec),
        }));
      }
      const latest = found as Cell | undefined;
      if (latest) return decodeCell(entity, key, field.property, latest, latest.value, field.codec);
      return missingValue(field);
    }
  }
}

/**
 * What a field reads when its row has no cell for it: counters and sum aggregates 0, a nullable column null,
 * anything else undefined.
 *
 * @example
 * ```ts
 * missingValue(field); // 0n for an int64 counter
 * ```
 */
export function missingValue(field: FieldMetadata): unknown {
  const zero = (codecName: string): bigint | number => (codecName === 'int64AsNumber' ? 0 : 0n);
  switch (field.kind) {
    case 'column':
      return field.nullable ? null : undefined;
    case 'counter':
    case 'version':
      return zero(field.codec.name);
    case 'aggregate':
      return field.aggregate === 'sum' ? zero(field.codec.name) : undefined;
    default:
      return undefined;
  }
}
