import { InternalError } from '../errors/internal-error.js';
import type { Mutation } from '../model/mutation.js';
import { MUTATE_ROWS_TAGS as T } from './encode-mutate-rows-entry.js';

/** A cursor over protobuf bytes: just what reading back `encodeMutateRowsEntry`'s fields needs. */
class Reader {
  at = 0;
  constructor(
    private readonly bytes: Uint8Array,
    readonly end = bytes.length,
  ) {}

  more(): boolean {
    return this.at < this.end;
  }

  byte(): number {
    if (this.at >= this.end) throw malformed('a field past the end of its message');
    return this.bytes[this.at++]!;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const b = this.byte();
      value |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return value;
    }
  }

  length(): number {
    return Number(this.varint());
  }

  int64(): bigint {
    return BigInt.asIntN(64, this.varint());
  }

  bytesField(): Uint8Array {
    const length = this.length();
    const start = this.at;
    this.at += length;
    if (this.at > this.end) throw malformed('a length past the end of its message');
    // A plain copy: the mutation outlives the request's buffer, and is the model's Uint8Array, not a Buffer.
    return new Uint8Array(this.bytes.subarray(start, this.at));
  }

  text(): string {
    return Buffer.from(this.bytesField()).toString('utf8');
  }

  /** A reader over the next length-delimited field's bytes; this one moves past them. */
  message(): Reader {
    const length = this.length();
    const inner = new Reader(this.bytes, this.at + length);
    inner.at = this.at;
    this.at += length;
    if (this.at > this.end) throw malformed('a message past the end of its parent');
    return inner;
  }

  expect(fieldTag: number): void {
    const got = this.byte();
    if (got !== fieldTag) throw malformed(`tag ${got} where ${fieldTag} was written`);
  }
}

function malformed(what: string): InternalError {
  return new InternalError(
    'decodeMutateRowsEntry',
    `an encoded MutateRows entry does not read back: ${what}`,
  );
}

function readMutation(r: Reader): Mutation {
  const oneof = r.byte();
  const m = r.message();
  switch (oneof) {
    case T.SET_CELL: {
      m.expect(T.FAMILY);
      const family = m.text();
      m.expect(T.QUALIFIER);
      const qualifier = m.bytesField();
      m.expect(T.TIMESTAMP_MICROS);
      const timestampMicros = m.int64();
      m.expect(T.CELL_VALUE);
      return { kind: 'setCell', family, qualifier, timestampMicros, value: m.bytesField() };
    }
    case T.DELETE_FROM_COLUMN: {
      m.expect(T.FAMILY);
      const family = m.text();
      m.expect(T.QUALIFIER);
      const qualifier = m.bytesField();
      if (!m.more()) return { kind: 'deleteFromColumn', family, qualifier };
      m.expect(T.TIME_RANGE);
      const range = m.message();
      let startMicros: bigint | undefined;
      let endMicros: bigint | undefined;
      while (range.more()) {
        const field = range.byte();
        if (field === T.RANGE_START) startMicros = range.int64();
        else if (field === T.RANGE_END) endMicros = range.int64();
        else throw malformed(`tag ${field} in a time range`);
      }
      return {
        kind: 'deleteFromColumn',
        family,
        qualifier,
        ...(startMicros === undefined ? {} : { startMicros }),
        ...(endMicros === undefined ? {} : { endMicros }),
      };
    }
    case T.DELETE_FROM_FAMILY:
      m.expect(T.FAMILY);
      return { kind: 'deleteFromFamily', family: m.text() };
    case T.DELETE_FROM_ROW:
      return { kind: 'deleteFromRow' };
    case T.ADD_TO_CELL:
    case T.MERGE_TO_CELL: {
      m.expect(T.FAMILY);
      const family = m.text();
      m.expect(T.QUALIFIER);
      const q = m.message();
      q.expect(T.VALUE_RAW);
      const qualifier = q.bytesField();
      m.expect(T.AGGREGATE_TIMESTAMP);
      const t = m.message();
      t.expect(T.VALUE_RAW_TIMESTAMP);
      const timestampMicros = t.int64();
      m.expect(T.AGGREGATE_INPUT);
      const input = m.message();
      if (oneof === T.ADD_TO_CELL) {
        input.expect(T.VALUE_INT);
        return { kind: 'addToCell', family, qualifier, timestampMicros, input: input.int64() };
      }
      input.expect(T.VALUE_RAW);
      return { kind: 'mergeToCell', family, qualifier, timestampMicros, state: input.bytesField() };
    }
    default:
      throw malformed(`mutation tag ${oneof}`);
  }
}

/**
 * The row key and mutations an entry encoded by `encodeMutateRowsEntry` holds: its exact inverse. A batch keeps only
 * the encoded entries of its rows; the few rows whose outcome is unknown get their mutations back this way, to be
 * compared with the row read back.
 *
 * @example
 * ```ts
 * const { mutations } = decodeMutateRowsEntry(encodeMutateRowsEntry(key, [{ kind: 'deleteFromRow' }]));
 * ```
 */
export function decodeMutateRowsEntry(encoded: Uint8Array): { rowKey: Uint8Array; mutations: Mutation[] } {
  const r = new Reader(encoded);
  r.expect(T.ENTRY_ROW_KEY);
  const rowKey = r.bytesField();
  const mutations: Mutation[] = [];
  while (r.more()) {
    r.expect(T.ENTRY_MUTATION);
    mutations.push(readMutation(r.message()));
  }
  return { rowKey, mutations };
}
