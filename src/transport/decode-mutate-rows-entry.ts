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

  /** The bytes of the field the encoder wrote next, with tag `fieldTag`. */
  bytesAt(fieldTag: number): Uint8Array {
    this.expect(fieldTag);
    return this.bytesField();
  }

  /** The family name the encoder writes first in every mutation that has one. */
  family(): string {
    this.expect(T.FAMILY);
    return this.text();
  }

  /** A reader over the message field the encoder wrote next, with tag `fieldTag`. */
  messageAt(fieldTag: number): Reader {
    this.expect(fieldTag);
    return this.message();
  }

  /** The int64 field the encoder wrote next, with tag `fieldTag`. */
  int64At(fieldTag: number): bigint {
    this.expect(fieldTag);
    return this.int64();
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
      const family = m.family();
      const qualifier = m.bytesAt(T.QUALIFIER);
      const timestampMicros = m.int64At(T.TIMESTAMP_MICROS);
      return { kind: 'setCell', family, qualifier, timestampMicros, value: m.bytesAt(T.CELL_VALUE) };
    }
    case T.DELETE_FROM_COLUMN: {
      const family = m.family();
      const qualifier = m.bytesAt(T.QUALIFIER);
      if (!m.more()) return { kind: 'deleteFromColumn', family, qualifier };
      const range = m.messageAt(T.TIME_RANGE);
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
      return { kind: 'deleteFromFamily', family: m.family() };
    case T.DELETE_FROM_ROW:
      return { kind: 'deleteFromRow' };
    case T.ADD_TO_CELL:
    case T.MERGE_TO_CELL: {
      const family = m.family();
      const qualifier = m.messageAt(T.QUALIFIER).bytesAt(T.VALUE_RAW);
      const timestampMicros = m.messageAt(T.AGGREGATE_TIMESTAMP).int64At(T.VALUE_RAW_TIMESTAMP);
      const input = m.messageAt(T.AGGREGATE_INPUT);
      return oneof === T.ADD_TO_CELL
        ? { kind: 'addToCell', family, qualifier, timestampMicros, input: input.int64At(T.VALUE_INT) }
        : { kind: 'mergeToCell', family, qualifier, timestampMicros, state: input.bytesAt(T.VALUE_RAW) };
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
  const rowKey = r.bytesAt(T.ENTRY_ROW_KEY);
  const mutations: Mutation[] = [];
  while (r.more()) mutations.push(readMutation(r.messageAt(T.ENTRY_MUTATION)));
  return { rowKey, mutations };
}
