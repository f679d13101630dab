import { compareBytes } from '../codecs/key/bytes.js';
import type { ValueCodec } from '../codecs/value/value-codec.js';
import { BIGTABLE_LIMITS } from '../metadata/bigtable-names.js';
import type { EntityMetadata, FieldMetadata } from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { exceedsRequestLimit } from '../model/mutation-size.js';
import type { MappingWarning } from './mapping-warning.js';
import { oldStorageDeletes } from './old-storage-deletes.js';
import type { SaveMutations, VersionCheck } from './save-mutations.js';
import { versionCellValue } from './version-cell.js';

/**
 * The save of one entity through its compiled encoder, or undefined when the input is not the common case (a
 * missing required value, a wrong type, duplicate Map/Set keys, a codec that throws, anything near a Bigtable
 * limit): the caller then runs the general path, which writes the same save or throws the precise error.
 *
 * @example
 * ```ts
 * const save = compileSaveEncoder(meta)?.(device, key, ts, undefined) ?? generalSaveMutations(meta, device, key, ts, undefined);
 * ```
 */
export type SaveEncoder = (
  entity: object,
  key: Uint8Array,
  timestampMicros: bigint,
  schemaToken: Uint8Array | undefined,
  versionWriteId?: Uint8Array,
) => SaveMutations | undefined;

/** What the steps of one save add up while they build it: the size checks without a second walk. */
interface Build {
  readonly out: Mutation[];
  /** `mutationBytes` of the mutations so far (without the key's part). */
  requestBytes: number;
  /** Bytes of the cells written so far (without the key), as `checkWriteLimits` counts a row. */
  rowBytes: number;
  /** A value above the warning size or a qualifier above the limit: the general path must report it. */
  unusual: boolean;
  version: VersionCheck | undefined;
  /** The write id the version cell carries after the version (undefined: the plain version). */
  readonly versionWriteId: Uint8Array | undefined;
}

/** Adds one field's mutations; false when the value is not the common case. */
type Step = (value: unknown, ts: bigint, build: Build) => boolean;

const EMPTY = new Uint8Array(0);
const NO_WARNINGS: readonly MappingWarning[] = Object.freeze([]);
/** `mutationBytes` framing per mutation. */
const FRAMING = 24;
const WARN_CELL = BIGTABLE_LIMITS.cellWarningBytes;
const MAX_QUALIFIER = BIGTABLE_LIMITS.qualifierBytes;

const cache = new WeakMap<EntityMetadata<object>, SaveEncoder | null>();

/**
 * The compiled save encoder of an entity type (built once, cached per metadata), or undefined when the type has a
 * shape only the general path writes (versioned columns) or the metadata is not a resolved (frozen) one. Per field, everything that does not depend on the
 * entity is prepared once: the DeleteFromColumn / DeleteFromFamily mutations (shared, frozen), the size each adds
 * to the request, the checks of static qualifiers. A save is then one pass over the fields that builds the
 * mutations and the sizes the limit check needs. It returns exactly what `generalSaveMutations` returns for the
 * same input, or undefined for anything unusual; property tests pin this.
 *
 * @example
 * ```ts
 * const encode = compileSaveEncoder(getEntityMetadata(Device));
 * ```
 */
export function compileSaveEncoder<E extends object>(meta: EntityMetadata<E>): SaveEncoder | undefined {
  // Resolved metadata is frozen and lives as long as its class. Metadata made for one call (an update's subset of
  // fields) is not: compiling it would cost more than the one save it serves.
  if (!Object.isFrozen(meta)) return undefined;
  const key = meta as unknown as EntityMetadata<object>;
  let encoder = cache.get(key);
  if (encoder === undefined) cache.set(key, (encoder = compile(key) ?? null));
  return encoder ?? undefined;
}

function compile(meta: EntityMetadata<object>): SaveEncoder | undefined {
  const properties: string[] = [];
  const steps: Step[] = [];
  for (const field of meta.fields) {
    const step = stepOf(field);
    if (step === null) return undefined;
    if (step === undefined) continue;
    properties.push(field.property);
    steps.push(step);
  }
  const evolution = meta.evolution;
  const tail: Mutation[] = evolution === undefined ? [] : [...oldStorageDeletes(meta)];
  let tailBytes = 0;
  for (const m of tail) tailBytes += FRAMING + mutationPayload(m);
  const token = evolution === undefined ? undefined : columnTarget(evolution.family, evolution.qualifier);
  if (evolution !== undefined && evolution.qualifier.length > MAX_QUALIFIER) return undefined;
  if (tail.some((m) => 'qualifier' in m && m.qualifier.length > MAX_QUALIFIER)) return undefined;
  const count = steps.length;

  return (entity, rowKey, ts, schemaToken, versionWriteId) => {
    if ((evolution === undefined) !== (schemaToken === undefined)) return undefined;
    const build: Build = {
      out: [],
      requestBytes: 0,
      rowBytes: 0,
      unusual: false,
      version: undefined,
      versionWriteId,
    };
    const values = entity as Record<string, unknown>;
    try {
      for (let i = 0; i < count; i++) if (!steps[i]!(values[properties[i]!], ts, build)) return undefined;
    } catch {
      return undefined;
    }
    const out = build.out;
    if (schemaToken !== undefined) {
      replaceCell(token!, ts, schemaToken, build);
      build.requestBytes += tailBytes;
      for (const m of tail) out.push(m);
    }
    if (
      build.unusual ||
      rowKey.length > BIGTABLE_LIMITS.rowKeyBytes ||
      out.length > BIGTABLE_LIMITS.mutationsPerRow ||
      exceedsRequestLimit(rowKey.length + 8 + build.requestBytes) ||
      rowKey.length + build.rowBytes > BIGTABLE_LIMITS.rowWarningBytes
    )
      return undefined;
    return schemaToken === undefined
      ? {
          key: rowKey,
          mutations: out,
          timestampMicros: ts,
          version: build.version,
          warnings: NO_WARNINGS,
        }
      : {
          key: rowKey,
          mutations: out,
          timestampMicros: ts,
          version: build.version,
          schemaToken,
          warnings: NO_WARNINGS,
        };
  };
}

function mutationPayload(m: Mutation): number {
  let bytes = 'family' in m ? m.family.length : 0;
  if ('qualifier' in m) bytes += m.qualifier.length;
  if (m.kind === 'setCell') bytes += m.value.length;
  if (m.kind === 'mergeToCell') bytes += m.state.length;
  return bytes;
}

/** The step of one field: undefined when the field writes nothing on save, null when it needs the general path. */
function stepOf(field: FieldMetadata): Step | undefined | null {
  switch (field.kind) {
    case 'column':
      if (field.versioned || field.qualifier.length > MAX_QUALIFIER) return null;
      return columnStep(field.family, field.qualifier, field.codec, field.optional || field.nullable);
    case 'version':
      if (field.qualifier.length > MAX_QUALIFIER) return null;
      return versionStep(field.family, field.qualifier, field.codec);
    case 'map':
      if (field.cells !== undefined) return undefined;
      return familyStep(field.family, Map, field.keyCodec, field.valueCodec);
    case 'set':
      return familyStep(field.family, Set, field.keyCodec, undefined);
    case 'counter':
    case 'aggregate':
      return undefined;
  }
}

/** One cell column, with what every save of it shares prepared once. */
interface ColumnTarget {
  readonly family: string;
  readonly qualifier: Uint8Array;
  readonly remove: Mutation;
  /** Family and qualifier bytes, counted by every mutation of the column. */
  readonly cost: number;
}

function columnTarget(family: string, qualifier: Uint8Array): ColumnTarget {
  const remove: Mutation = Object.freeze({ kind: 'deleteFromColumn', family, qualifier });
  return { family, qualifier, remove, cost: family.length + qualifier.length };
}

/** DeleteFromColumn + SetCell of `bytes`: the column holds exactly this save's cell afterwards. */
function replaceCell(column: ColumnTarget, ts: bigint, bytes: Uint8Array, build: Build): void {
  const { family, qualifier, cost } = column;
  const size = bytes.length;
  build.out.push(column.remove, { kind: 'setCell', family, qualifier, timestampMicros: ts, value: bytes });
  build.requestBytes += 2 * FRAMING + 2 * cost + size;
  build.rowBytes += cost + size;
  if (size > WARN_CELL) build.unusual = true;
}

/** A scalar column: DeleteFromColumn + SetCell, or only the delete for an absent optional/nullable value. */
function columnStep(
  family: string,
  qualifier: Uint8Array,
  codec: ValueCodec<unknown>,
  absentOk: boolean,
): Step {
  const column = columnTarget(family, qualifier);
  return (value, ts, build) => {
    if (value === undefined || value === null) {
      if (!absentOk) return false;
      build.out.push(column.remove);
      build.requestBytes += FRAMING + column.cost;
      return true;
    }
    replaceCell(column, ts, codec.encode(value), build);
    return true;
  };
}

/** The version field: replaced by `version + 1` and the write id, with the check the save is sent under. */
function versionStep(family: string, qualifier: Uint8Array, codec: ValueCodec<unknown>): Step {
  const column = columnTarget(family, qualifier);
  const asNumber = codec.name === 'int64AsNumber';
  return (value, ts, build) => {
    const isNew = value === undefined || value === null || value === 0 || value === 0n;
    const expected = isNew ? undefined : codec.encode(value);
    const current = isNew ? 0n : BigInt(value as bigint | number);
    const next = asNumber ? Number(current + 1n) : current + 1n;
    const written = versionCellValue(codec.encode(next), build.versionWriteId);
    replaceCell(column, ts, written, build);
    build.version = Object.freeze({ family, qualifier, expected, next, written });
    return true;
  };
}

type SetCell = Extract<Mutation, { kind: 'setCell' }>;

const byQualifier = (a: SetCell, b: SetCell): number => compareBytes(a.qualifier, b.qualifier);

/**
 * Sorts the cells `out[from…]` (all SetCells) by qualifier in place; false when two qualifiers are equal (two keys
 * with one encoding, which the general path reports). Small families, the usual case, take an insertion sort:
 * below a few dozen entries it costs less than `Array.prototype.sort`, and as qualifiers are distinct any correct
 * sort gives the same order.
 */
function sortDistinct(out: Mutation[], from: number): boolean {
  const cells = out as SetCell[];
  const end = cells.length;
  if (end - from <= 32) {
    for (let i = from + 1; i < end; i++) {
      const cell = cells[i]!;
      let j = i - 1;
      for (; j >= from; j--) {
        const order = compareBytes(cells[j]!.qualifier, cell.qualifier);
        if (order === 0) return false;
        if (order < 0) break;
        cells[j + 1] = cells[j]!;
      }
      cells[j + 1] = cell;
    }
    return true;
  }
  const sorted = cells.splice(from).sort(byQualifier);
  for (const cell of sorted) cells.push(cell);
  // Sorted, two keys that encode to the same qualifier are neighbours.
  for (let i = from + 1; i < end; i++)
    if (compareBytes(cells[i - 1]!.qualifier, cells[i]!.qualifier) === 0) return false;
  return true;
}

/** A Map/Set family: DeleteFromFamily, then one SetCell per entry in qualifier order. */
function familyStep(
  family: string,
  expected: typeof Map | typeof Set,
  keyCodec: ValueCodec<unknown>,
  valueCodec: ValueCodec<unknown> | undefined,
): Step {
  const remove: Mutation = Object.freeze({ kind: 'deleteFromFamily', family });
  const cellCost = FRAMING + family.length;
  return (value, ts, build) => {
    // Absent (undefined/null) is not an empty collection: the general path refuses it rather than wipe the family.
    if (!(value instanceof expected)) return false;
    const out = build.out;
    out.push(remove);
    build.requestBytes += FRAMING + family.length;
    // The cells go straight into the output and are sorted there: no array of their own per save.
    const first = out.length;
    let bytes = 0;
    let unusual = false;
    if (valueCodec === undefined) {
      for (const k of value.keys()) {
        const qualifier = keyCodec.encode(k);
        bytes += qualifier.length;
        if (qualifier.length > MAX_QUALIFIER) unusual = true;
        out.push({ kind: 'setCell', family, qualifier, timestampMicros: ts, value: EMPTY });
      }
    } else {
      for (const [k, v] of value as Map<unknown, unknown>) {
        const qualifier = keyCodec.encode(k);
        const cell = valueCodec.encode(v);
        bytes += qualifier.length + cell.length;
        if (qualifier.length > MAX_QUALIFIER || cell.length > WARN_CELL) unusual = true;
        out.push({ kind: 'setCell', family, qualifier, timestampMicros: ts, value: cell });
      }
    }
    const n = out.length - first;
    if (n > 1 && !sortDistinct(out, first)) return false;
    build.requestBytes += n * cellCost + bytes;
    build.rowBytes += n * family.length + bytes;
    if (unusual) build.unusual = true;
    return true;
  };
}
