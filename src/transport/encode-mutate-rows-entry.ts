import type { Mutation } from '../model/mutation.js';

/**
 * The field numbers of the v2 messages the library encodes itself (google/bigtable/v2/data.proto and bigtable.proto),
 * for the encoder and for `decodeMutateRowsEntry`. Every one is below 16, so each tag is one byte.
 */
export const MUTATION_FIELDS = {
  /** `MutateRowsRequest.Entry` */
  ENTRY_ROW_KEY: 1,
  ENTRY_MUTATION: 2,
  /** `Mutation`'s oneof */
  SET_CELL: 1,
  DELETE_FROM_COLUMN: 2,
  DELETE_FROM_FAMILY: 3,
  DELETE_FROM_ROW: 4,
  ADD_TO_CELL: 5,
  MERGE_TO_CELL: 6,
  /** Inside a mutation: the family, the qualifier and the third and fourth fields of each kind */
  FAMILY: 1,
  QUALIFIER: 2,
  TIMESTAMP_MICROS: 3,
  CELL_VALUE: 4,
  TIME_RANGE: 3,
  AGGREGATE_TIMESTAMP: 3,
  AGGREGATE_INPUT: 4,
  /** `TimestampRange` */
  RANGE_START: 1,
  RANGE_END: 2,
  /** `Value`'s oneof */
  VALUE_RAW: 8,
  VALUE_RAW_TIMESTAMP: 9,
  VALUE_INT: 6,
} as const;

const F = MUTATION_FIELDS;
const LEN = 2;
const tag = (field: number, wire: number): number => (field << 3) | wire;
const ENTRY_ROW_KEY = tag(F.ENTRY_ROW_KEY, LEN);
const ENTRY_MUTATION = tag(F.ENTRY_MUTATION, LEN);
const FAMILY = tag(F.FAMILY, LEN);
const QUALIFIER = tag(F.QUALIFIER, LEN);
const TIMESTAMP_MICROS = tag(F.TIMESTAMP_MICROS, 0);
const CELL_VALUE = tag(F.CELL_VALUE, LEN);
const TIME_RANGE = tag(F.TIME_RANGE, LEN);
const RANGE_START = tag(F.RANGE_START, 0);
const RANGE_END = tag(F.RANGE_END, 0);
const AGGREGATE_TIMESTAMP = tag(F.AGGREGATE_TIMESTAMP, LEN);
const AGGREGATE_INPUT = tag(F.AGGREGATE_INPUT, LEN);
const VALUE_RAW = tag(F.VALUE_RAW, LEN);
const VALUE_RAW_TIMESTAMP = tag(F.VALUE_RAW_TIMESTAMP, 0);
const VALUE_INT = tag(F.VALUE_INT, 0);

/** Bytes of `n` (a non-negative int below 2^32) as a varint. */
export function varintSize(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

/** Writes `n` (a non-negative int below 2^32) as a varint at `at`; returns the offset after it. */
export function writeVarint(buffer: Uint8Array, at: number, n: number): number {
  while (n >= 0x80) {
    buffer[at++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  buffer[at++] = n;
  return at;
}

/** Writes `bytes` as a length-delimited field with one-byte tag `fieldTag`; returns the offset after it. */
export function writeBytesField(buffer: Uint8Array, at: number, fieldTag: number, bytes: Uint8Array): number {
  buffer[at++] = fieldTag;
  at = writeVarint(buffer, at, bytes.length);
  buffer.set(bytes, at);
  return at + bytes.length;
}

/** Bytes of a length-delimited field of `length` bytes with a one-byte tag. */
function fieldSize(length: number): number {
  return 1 + varintSize(length) + length;
}

// A family name's UTF-8 bytes, kept per name: a table has a handful of families, named in every mutation. Family
// names are ASCII (`[-_.a-zA-Z0-9]+`, checked where entities are declared); a string with a lone surrogate would be
// written as U+FFFD where protobufjs writes the surrogate's own three bytes, and Bigtable refuses both.
const familyBytes = new Map<string, Buffer>();
const MAX_FAMILIES = 1_024;

function familyOf(name: string): Buffer {
  let bytes = familyBytes.get(name);
  if (bytes === undefined) {
    if (familyBytes.size >= MAX_FAMILIES) familyBytes.clear();
    bytes = Buffer.from(name, 'utf8');
    familyBytes.set(name, bytes);
  }
  return bytes;
}

// An int64's varint (two's complement on 64 bits, as protobuf writes a negative int64: ten bytes), kept for the
// value last converted: the cells of a save share one timestamp.
let lastInt64: bigint | undefined;
let lastInt64Bytes = new Uint8Array(0);

/** The varint bytes of an int64 field's value (in range: the mutation model's int64s are checked before). */
export function int64Varint(value: bigint): Uint8Array {
  if (value === lastInt64) return lastInt64Bytes;
  const bytes: number[] = [];
  if (value >= 0n && value <= 9_007_199_254_740_991n) {
    // Exact as a number: division instead of BigInt arithmetic (several times faster).
    let n = Number(value);
    while (n >= 0x80) {
      bytes.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    bytes.push(n);
  } else {
    let n = BigInt.asUintN(64, value);
    while (n >= 0x80n) {
      bytes.push(Number(n & 0x7fn) | 0x80);
      n >>= 7n;
    }
    bytes.push(Number(n));
  }
  lastInt64 = value;
  lastInt64Bytes = Uint8Array.from(bytes);
  return lastInt64Bytes;
}

/** The time range's bytes of a DeleteFromColumn (0: it has none, and none is written). */
function timeRangeSize(start: bigint | undefined, end: bigint | undefined): number {
  let size = 0;
  if (start !== undefined) size += 1 + int64Varint(start).length;
  if (end !== undefined) size += 1 + int64Varint(end).length;
  return size;
}

/** The input `Value`'s bytes of an AddToCell (an int_value) or a MergeToCell (a raw_value). */
function aggregateInputSize(m: Extract<Mutation, { kind: 'addToCell' | 'mergeToCell' }>): number {
  return m.kind === 'addToCell' ? 1 + int64Varint(m.input).length : fieldSize(m.state.length);
}

/** The bytes of the message a mutation's oneof field holds (SetCell, DeleteFromColumn, …), its fields only. */
function oneofSize(m: Mutation): number {
  switch (m.kind) {
    case 'setCell':
      return (
        fieldSize(familyOf(m.family).length) +
        fieldSize(m.qualifier.length) +
        1 +
        int64Varint(m.timestampMicros).length +
        fieldSize(m.value.length)
      );
    case 'deleteFromColumn': {
      const range = timeRangeSize(m.startMicros, m.endMicros);
      // toProtoMutation gives the range only when a bound is set; an empty one would still be a field.
      const hasRange = m.startMicros !== undefined || m.endMicros !== undefined;
      return (
        fieldSize(familyOf(m.family).length) +
        fieldSize(m.qualifier.length) +
        (hasRange ? fieldSize(range) : 0)
      );
    }
    case 'deleteFromFamily':
      return fieldSize(familyOf(m.family).length);
    case 'deleteFromRow':
      return 0;
    case 'addToCell':
    case 'mergeToCell':
      return (
        fieldSize(familyOf(m.family).length) +
        fieldSize(fieldSize(m.qualifier.length)) +
        fieldSize(1 + int64Varint(m.timestampMicros).length) +
        fieldSize(aggregateInputSize(m))
      );
  }
}

const ONEOF_TAGS = {
  setCell: tag(F.SET_CELL, LEN),
  deleteFromColumn: tag(F.DELETE_FROM_COLUMN, LEN),
  deleteFromFamily: tag(F.DELETE_FROM_FAMILY, LEN),
  deleteFromRow: tag(F.DELETE_FROM_ROW, LEN),
  addToCell: tag(F.ADD_TO_CELL, LEN),
  mergeToCell: tag(F.MERGE_TO_CELL, LEN),
} as const;

/** Writes a varint's bytes as an int64 field with one-byte tag `fieldTag`. */
function writeInt64(buffer: Uint8Array, at: number, fieldTag: number, value: bigint): number {
  buffer[at++] = fieldTag;
  const bytes = int64Varint(value);
  buffer.set(bytes, at);
  return at + bytes.length;
}

/** Writes one mutation's oneof field (tag, length `inner` as oneofSize gave it, fields); returns the offset after. */
function writeOneof(buffer: Uint8Array, at: number, m: Mutation, inner: number): number {
  buffer[at++] = ONEOF_TAGS[m.kind];
  at = writeVarint(buffer, at, inner);
  switch (m.kind) {
    case 'setCell':
      at = writeBytesField(buffer, at, FAMILY, familyOf(m.family));
      at = writeBytesField(buffer, at, QUALIFIER, m.qualifier);
      at = writeInt64(buffer, at, TIMESTAMP_MICROS, m.timestampMicros);
      return writeBytesField(buffer, at, CELL_VALUE, m.value);
    case 'deleteFromColumn':
      at = writeBytesField(buffer, at, FAMILY, familyOf(m.family));
      at = writeBytesField(buffer, at, QUALIFIER, m.qualifier);
      if (m.startMicros === undefined && m.endMicros === undefined) return at;
      buffer[at++] = TIME_RANGE;
      at = writeVarint(buffer, at, timeRangeSize(m.startMicros, m.endMicros));
      if (m.startMicros !== undefined) at = writeInt64(buffer, at, RANGE_START, m.startMicros);
      if (m.endMicros !== undefined) at = writeInt64(buffer, at, RANGE_END, m.endMicros);
      return at;
    case 'deleteFromFamily':
      return writeBytesField(buffer, at, FAMILY, familyOf(m.family));
    case 'deleteFromRow':
      return at;
    case 'addToCell':
    case 'mergeToCell':
      at = writeBytesField(buffer, at, FAMILY, familyOf(m.family));
      buffer[at++] = QUALIFIER;
      at = writeVarint(buffer, at, fieldSize(m.qualifier.length));
      at = writeBytesField(buffer, at, VALUE_RAW, m.qualifier);
      buffer[at++] = AGGREGATE_TIMESTAMP;
      at = writeVarint(buffer, at, 1 + int64Varint(m.timestampMicros).length);
      at = writeInt64(buffer, at, VALUE_RAW_TIMESTAMP, m.timestampMicros);
      buffer[at++] = AGGREGATE_INPUT;
      at = writeVarint(buffer, at, aggregateInputSize(m));
      return m.kind === 'addToCell'
        ? writeInt64(buffer, at, VALUE_INT, m.input)
        : writeBytesField(buffer, at, VALUE_RAW, m.state);
  }
}

// The oneof sizes of one entry's mutations, reused from entry to entry (encoding is synchronous).
const SHARED_SIZES = 4_096;
const sizes = new Int32Array(SHARED_SIZES);

/**
 * A row key and its mutations as protobuf fields: the key with one-byte tag `rowKeyTag`, then each mutation as a
 * `Mutation` message with tag `mutationTag` (a MutateRows entry's fields, or a MutateRow request's).
 */
function encodeRowFields(
  rowKey: Uint8Array,
  mutations: readonly Mutation[],
  rowKeyTag: number,
  mutationTag: number,
): Buffer {
  const count = mutations.length;
  // A row of up to 4,096 mutations reuses the shared sizes; a larger one (up to 100,000) gets its own, so that one
  // huge row does not leave a large array behind for the rest of the process.
  const inners = count <= SHARED_SIZES ? sizes : new Int32Array(count);
  let total = fieldSize(rowKey.length);
  for (let i = 0; i < count; i++) {
    const inner = oneofSize(mutations[i]!);
    inners[i] = inner;
    total += fieldSize(fieldSize(inner));
  }
  const buffer = Buffer.allocUnsafe(total);
  let at = writeBytesField(buffer, 0, rowKeyTag, rowKey);
  for (let i = 0; i < count; i++) {
    const inner = inners[i]!;
    buffer[at++] = mutationTag;
    at = writeVarint(buffer, at, fieldSize(inner));
    at = writeOneof(buffer, at, mutations[i]!, inner);
  }
  return buffer;
}

/**
 * One `MutateRowsRequest.Entry` (its row key and mutations) as protobuf bytes, written from the mutation model
 * directly: the bytes the generated client's serializer writes for the same entry in the shape `toProtoMutation`
 * gives it (held to it by a property test), without the proto objects, `fromObject` and protobufjs's writer. A
 * batch keeps only these bytes per row while it is in flight: a fraction of the proto objects' heap, which every
 * young-generation collection would copy.
 *
 * @example
 * ```ts
 * const bytes = encodeMutateRowsEntry(Buffer.from('phone#1'), [{ kind: 'deleteFromRow' }]);
 * ```
 */
export function encodeMutateRowsEntry(rowKey: Uint8Array, mutations: readonly Mutation[]): Buffer {
  return encodeRowFields(rowKey, mutations, ENTRY_ROW_KEY, ENTRY_MUTATION);
}

/**
 * A `MutateRowRequest`'s `row_key` (2) and `mutations` (3) fields as protobuf bytes, written as
 * {@link encodeMutateRowsEntry} writes an entry's; `serializeMutateRowRequest` puts them between the table name and
 * the app profile.
 *
 * @example
 * ```ts
 * const fields = encodeMutateRowFields(Buffer.from('phone#1'), [{ kind: 'deleteFromRow' }]);
 * ```
 */
export function encodeMutateRowFields(rowKey: Uint8Array, mutations: readonly Mutation[]): Buffer {
  return encodeRowFields(rowKey, mutations, tag(2, LEN), tag(3, LEN));
}
