import { ReadRowsStreamError } from '../errors/read-rows-stream-error.js';
import type { CellChunkLike, ReadRowsResponseLike } from './chunk-merger.js';
import type { ReadRowsRequestStats } from './read-rows-request-stats.js';

const EMPTY = new Uint8Array(0);
const NO_CHUNKS: readonly CellChunkLike[] = Object.freeze([]);
const EMPTY_FAMILY = Object.freeze({ value: '' });

/** A chunk as this decoder builds it: every field present, in one order, so that the merger sees one shape. */
interface DecodedChunk {
  rowKey: Uint8Array;
  familyName: { readonly value: string } | null;
  qualifier: { readonly value: Uint8Array } | null;
  timestampMicros: bigint;
  labels: string[] | null;
  value: Uint8Array;
  valueSize: number;
  resetRow: boolean;
  commitRow: boolean;
}

// Wire types of the protobuf encoding.
const VARINT = 0;
const FIXED64 = 1;
const LENGTH = 2;
const FIXED32 = 5;

function malformed(what: string): never {
  throw new ReadRowsStreamError(`malformed ReadRowsResponse: ${what}`);
}

/**
 * Decodes the bytes of one `ReadRowsResponse` straight into the chunks the merger takes, with no intermediate
 * message objects: keys, qualifiers and values are zero-copy `Uint8Array` views of the message, timestamps bigints
 * (the last one reused when cells share it, as cells written together do), family names decoded once per run of
 * equal names. Unknown fields are skipped as protobuf requires; a field repeated in one message keeps its last
 * value (wrappers merge), as a generated decoder does. Truncated or malformed bytes throw ReadRowsStreamError.
 *
 * One decoder per stream: it keeps the last family name and timestamp between messages.
 *
 * @example
 * ```ts
 * const decoder = new ReadRowsResponseDecoder();
 * const rows = merger.pushResponse(decoder.decode(responseBytes));
 * ```
 */
export class ReadRowsResponseDecoder {
  private bytes: Uint8Array = EMPTY;
  private pos = 0;
  private lastFamilyBytes: Uint8Array = EMPTY;
  private lastFamily: { readonly value: string } | null = null;
  private lastMicrosNumber = 0;
  private lastMicros = 0n;
  private readonly text = new TextDecoder('utf-8', { fatal: true });

  /** Decodes one message's bytes. */
  decode(bytes: Uint8Array): ReadRowsResponseLike {
    this.bytes = bytes;
    this.pos = 0;
    let chunks: CellChunkLike[] | undefined;
    let lastScannedRowKey: Uint8Array | null = null;
    let requestStats: ReadRowsRequestStats | undefined;
    const end = bytes.length;
    while (this.pos < end) {
      const tag = this.varint32();
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 1 && wire === LENGTH) {
        (chunks ??= []).push(this.chunk(this.end()));
      } else if (field === 2 && wire === LENGTH) {
        lastScannedRowKey = this.slice(this.length());
      } else if (field === 3 && wire === LENGTH) {
        requestStats = this.requestStats(this.end());
      } else this.skip(wire);
    }
    this.bytes = EMPTY;
    // Stats come once per attempt, in its last response: the other responses keep the shape without them.
    return requestStats === undefined
      ? { chunks: chunks ?? NO_CHUNKS, lastScannedRowKey }
      : { chunks: chunks ?? NO_CHUNKS, lastScannedRowKey, requestStats };
  }

  /**
   * `RequestStats` → `FullReadStatsView` → `ReadIterationStats` (four int64 counts) and `RequestLatencyStats`
   * (a `Duration`). A message that comes twice replaces the earlier one, as the generated decoder does.
   */
  private requestStats(end: number): ReadRowsRequestStats {
    const stats = {
      rowsSeen: 0n,
      rowsReturned: 0n,
      cellsSeen: 0n,
      cellsReturned: 0n,
      frontendServerLatencyMs: undefined as number | undefined,
    };
    this.fields(end, 'request stats', (field, wire) => {
      if (field !== 1 || wire !== LENGTH) return false;
      this.fields(this.end(), 'full read stats', (view, viewWire) => {
        if (viewWire !== LENGTH) return false;
        if (view === 1) {
          this.fields(this.end(), 'read iteration stats', (count, countWire) => {
            if (countWire !== VARINT || count < 1 || count > 4) return false;
            const value = BigInt.asIntN(64, this.varint64());
            if (count === 1) stats.rowsSeen = value;
            else if (count === 2) stats.rowsReturned = value;
            else if (count === 3) stats.cellsSeen = value;
            else stats.cellsReturned = value;
            return true;
          });
          return true;
        }
        if (view !== 2) return false;
        this.fields(this.end(), 'latency stats', (latency, latencyWire) => {
          if (latency !== 1 || latencyWire !== LENGTH) return false;
          let seconds = 0n;
          let nanos = 0;
          this.fields(this.end(), 'duration', (part, partWire) => {
            if (partWire !== VARINT || (part !== 1 && part !== 2)) return false;
            if (part === 1) seconds = BigInt.asIntN(64, this.varint64());
            else nanos = this.varintLow32();
            return true;
          });
          stats.frontendServerLatencyMs = Number(seconds) * 1000 + nanos / 1e6;
          return true;
        });
        return true;
      });
      return true;
    });
    return stats;
  }

  /**
   * Reads the fields of a nested message up to `end`: `read` consumes a field it knows (its tag read) and returns
   * true; any other field is skipped.
   */
  private fields(end: number, what: string, read: (field: number, wire: number) => boolean): void {
    while (this.pos < end) {
      const tag = this.varint32();
      const wire = tag & 7;
      if (!read(tag >>> 3, wire)) this.skip(wire);
    }
    if (this.pos !== end) malformed(`${what} overrun their length`);
  }

  private chunk(end: number): DecodedChunk {
    const chunk: DecodedChunk = {
      rowKey: EMPTY,
      familyName: null,
      qualifier: null,
      timestampMicros: 0n,
      labels: null,
      value: EMPTY,
      valueSize: 0,
      resetRow: false,
      commitRow: false,
    };
    while (this.pos < end) {
      const tag = this.varint32();
      switch (tag) {
        case (1 << 3) | LENGTH:
          chunk.rowKey = this.slice(this.length());
          break;
        case (2 << 3) | LENGTH:
          chunk.familyName = this.family(this.end(), chunk.familyName);
          break;
        case (3 << 3) | LENGTH:
          chunk.qualifier = this.qualifier(this.end(), chunk.qualifier);
          break;
        case (4 << 3) | VARINT:
          chunk.timestampMicros = this.int64();
          break;
        case (5 << 3) | LENGTH:
          (chunk.labels ??= []).push(this.string(this.length()));
          break;
        case (6 << 3) | LENGTH:
          chunk.value = this.slice(this.length());
          break;
        case (7 << 3) | VARINT:
          chunk.valueSize = this.varintLow32();
          break;
        // Members of the oneof `row_status`; like the generated decoder, a second member does not clear the first
        // (no server sends both; the merger refuses a reset that also commits).
        case (8 << 3) | VARINT:
          chunk.resetRow = this.varintLow32() !== 0;
          break;
        case (9 << 3) | VARINT:
          chunk.commitRow = this.varintLow32() !== 0;
          break;
        default:
          this.skip(tag & 7);
      }
    }
    if (this.pos !== end) malformed('a chunk overruns its length');
    return chunk;
  }

  /** A `StringValue` wrapper; absent inner value is "", and a repeated wrapper merges into the earlier one. */
  private family(end: number, before: { readonly value: string } | null): { readonly value: string } {
    let family = before;
    while (this.pos < end) {
      const tag = this.varint32();
      if (tag === ((1 << 3) | LENGTH)) family = this.familyName(this.length());
      else this.skip(tag & 7);
    }
    if (this.pos !== end) malformed('a family name overruns its length');
    return family ?? EMPTY_FAMILY;
  }

  /** A family name, decoded once for a run of chunks that repeat the same bytes. */
  private familyName(length: number): { readonly value: string } {
    const start = this.pos;
    const bytes = this.bytes;
    const last = this.lastFamilyBytes;
    let same = this.lastFamily !== null && last.length === length;
    for (let i = 0; same && i < length; i++) if (bytes[start + i] !== last[i]) same = false;
    if (same) {
      this.pos += length;
      return this.lastFamily!;
    }
    const family = { value: this.string(length) };
    // A copy: the message's bytes must not be kept alive by the cache after the message is gone.
    this.lastFamilyBytes = bytes.slice(start, start + length);
    this.lastFamily = family;
    return family;
  }

  /** A `BytesValue` wrapper, as {@link family}. */
  private qualifier(
    end: number,
    before: { readonly value: Uint8Array } | null,
  ): { readonly value: Uint8Array } {
    let value = before?.value ?? EMPTY;
    while (this.pos < end) {
      const tag = this.varint32();
      if (tag === ((1 << 3) | LENGTH)) value = this.slice(this.length());
      else this.skip(tag & 7);
    }
    if (this.pos !== end) malformed('a qualifier overruns its length');
    return { value };
  }

  /** A zero-copy view of the next `length` bytes. */
  private slice(length: number): Uint8Array {
    if (length === 0) return EMPTY;
    const start = this.pos;
    this.pos += length;
    const bytes = this.bytes;
    return new Uint8Array(bytes.buffer, bytes.byteOffset + start, length);
  }

  private string(length: number): string {
    const start = this.pos;
    this.pos += length;
    try {
      return this.text.decode(this.bytes.subarray(start, start + length));
    } catch {
      return malformed('a string is not valid UTF-8');
    }
  }

  /** Where a length-delimited field that starts here ends (its length prefix read). */
  private end(): number {
    const length = this.length();
    return this.pos + length;
  }

  /** A length prefix, checked against the bytes left. */
  private length(): number {
    const length = this.varint32();
    if (length > this.bytes.length - this.pos) malformed('a length runs past the end of the message');
    return length;
  }

  /** A varint that must fit in 32 bits unsigned (tags, lengths). */
  private varint32(): number {
    const bytes = this.bytes;
    let result = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= bytes.length) malformed('a varint runs past the end of the message');
      const byte = bytes[this.pos++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) {
        if (result > 0xffffffff) malformed('a tag or length beyond 32 bits');
        return result;
      }
    }
    return malformed('a tag or length beyond 32 bits');
  }

  /** The low 32 bits of any varint, as int32 (int32 fields, bools): protobuf truncates wider values so. */
  private varintLow32(): number {
    const bytes = this.bytes;
    let result = 0;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= bytes.length) malformed('a varint runs past the end of the message');
      const byte = bytes[this.pos++]!;
      // Five groups of seven bits hold the low 32; `| 0` keeps exactly those (the sum stays below 2^35).
      if (i < 5) result += (byte & 0x7f) * 2 ** (7 * i);
      if (byte < 0x80) return result | 0;
    }
    return malformed('a varint longer than 10 bytes');
  }

  /**
   * An int64 (two's complement in 64 bits). Values below 2^53 (every real timestamp: microseconds since 1970 take
   * 8 varint bytes) are summed as numbers, and a value equal to the last one reuses its bigint.
   */
  private int64(): bigint {
    const bytes = this.bytes;
    const start = this.pos;
    // Bits 0–27 and 28–55 separately, each exact in an int32.
    let low = 0;
    let high = 0;
    for (let i = 0; i < 8; i++) {
      if (this.pos >= bytes.length) malformed('a varint runs past the end of the message');
      const byte = bytes[this.pos++]!;
      if (i < 4) low |= (byte & 0x7f) << (7 * i);
      else high |= (byte & 0x7f) << (7 * (i - 4));
      if (byte < 0x80) {
        if (high >= 2 ** 25) break;
        const number = high * 2 ** 28 + low;
        if (number !== this.lastMicrosNumber) {
          this.lastMicrosNumber = number;
          this.lastMicros = BigInt(number);
        }
        return this.lastMicros;
      }
    }
    this.pos = start;
    return BigInt.asIntN(64, this.varint64());
  }

  /** Any varint, as the unsigned 64-bit value it encodes (bits beyond 64 are dropped, as protobuf does). */
  private varint64(): bigint {
    const bytes = this.bytes;
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= bytes.length) malformed('a varint runs past the end of the message');
      const byte = bytes[this.pos++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return BigInt.asUintN(64, result);
    }
    return malformed('a varint longer than 10 bytes');
  }

  private skip(wire: number): void {
    switch (wire) {
      case VARINT:
        this.varint64();
        return;
      case FIXED64:
        this.advance(8);
        return;
      case LENGTH:
        this.advance(this.length());
        return;
      case FIXED32:
        this.advance(4);
        return;
      default:
        malformed(`wire type ${wire}`);
    }
  }

  private advance(count: number): void {
    if (count > this.bytes.length - this.pos) malformed('a field runs past the end of the message');
    this.pos += count;
  }
}
