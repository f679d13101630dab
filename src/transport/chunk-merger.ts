import type { ReadRowsRequestStats } from './read-rows-request-stats.js';
import { ReadRowsStreamError } from '../errors/read-rows-stream-error.js';
import type { Cell, RowData } from '../model/row-data.js';
import { concatBytes } from '../codecs/key/bytes.js';
import { toBigInt } from './to-bigint.js';
import { printableKey } from '../errors/printable-key.js';

/** An int64 as protobufjs `Long` delivers it (only the fields we read). */
interface LongLike {
  readonly low: number;
  readonly high: number;
}

/**
 * One `ReadRowsResponse.CellChunk` as the generated client delivers it: wrappers (`familyName`, `qualifier`) are
 * `null` when absent, `rowKey`/`value` are empty buffers when absent, int64 arrive as decimal strings (or `Long`).
 */
export interface CellChunkLike {
  readonly rowKey?: Uint8Array | null;
  readonly familyName?: { readonly value?: string | null } | null;
  readonly qualifier?: { readonly value?: Uint8Array | null } | null;
  readonly timestampMicros?: string | number | bigint | LongLike | null;
  readonly labels?: readonly string[] | null;
  readonly value?: Uint8Array | null;
  readonly valueSize?: number | null;
  readonly resetRow?: boolean | null;
  readonly commitRow?: boolean | null;
}

/** The parts of a `ReadRowsResponse` the merger consumes. */
export interface ReadRowsResponseLike {
  readonly chunks?: readonly CellChunkLike[] | null;
  readonly lastScannedRowKey?: Uint8Array | null;
  /** Present only in the last response of an attempt that asked for `REQUEST_STATS_FULL` (the merger ignores it). */
  readonly requestStats?: ReadRowsRequestStats | null;
}

type State = 'newRow' | 'newCell' | 'cellValue';

const EMPTY = new Uint8Array(0);
/** The labels of every unlabelled cell (nearly all of them): one frozen array instead of a copy per cell. */
const NO_LABELS: readonly string[] = Object.freeze([]);

/** A zero-copy plain Uint8Array view, so callers never get a Buffer in one case and a Uint8Array in another. */
function view(bytes: Uint8Array): Uint8Array {
  return bytes.constructor === Uint8Array
    ? bytes
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function toMicros(ts: CellChunkLike['timestampMicros']): bigint {
  if (typeof ts === 'number' && !Number.isSafeInteger(ts)) {
    throw new ReadRowsStreamError(`timestamp ${ts} is not an exact integer`);
  }
  return toBigInt(ts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return parts.length === 1 ? view(parts[0]!) : concatBytes(parts);
}

/**
 * The ReadRows chunk state machine: turns `CellChunk`s into complete, byte-exact {@link RowData} rows, enforcing
 * every rule of the protocol (Google's acceptance cases in `shared/conformance/bigtable-readrows.json`). Families
 * of a row come out in name order (Bigtable does not specify theirs), cells within a family as sent. Rows must
 * arrive in strictly increasing key order, or strictly decreasing when `reversed`. One merger may span several
 * attempts of a resumed read: {@link discardPartialRow} drops the row cut by an error, and ordering keeps being
 * checked against everything seen before.
 *
 * @example
 * ```ts
 * const merger = new ChunkMerger();
 * for await (const response of stream) for (const row of merger.pushResponse(response)) use(row);
 * merger.finish(); // throws ReadRowsStreamError if the stream ended inside a row
 * ```
 */
export class ChunkMerger {
  private readonly reversed: boolean;
  private state: State = 'newRow';
  private rowKey: Uint8Array = EMPTY;
  private cells: Cell[] = [];
  private family = '';
  private qualifier: Uint8Array = EMPTY;
  private timestampMicros = 0n;
  private labels: readonly string[] = [];
  private valueParts: Uint8Array[] = [];
  private lastRow: Uint8Array | undefined;
  private lastScanned: Uint8Array | undefined;

  constructor(options: { readonly reversed?: boolean } = {}) {
    this.reversed = options.reversed === true;
  }

  /** Key of the last row committed. */
  get lastRowKey(): Uint8Array | undefined {
    return this.lastRow;
  }

  /** Last `lastScannedRowKey` the server reported beyond the last committed row, if any. */
  get lastScannedRowKey(): Uint8Array | undefined {
    return this.lastScanned;
  }

  /** Where a resumed read may start after: the furthest of the last committed row and the last scanned key. */
  get resumeKey(): Uint8Array | undefined {
    if (this.lastScanned === undefined) return this.lastRow;
    if (this.lastRow === undefined) return this.lastScanned;
    return this.isBeyond(this.lastScanned, this.lastRow) ? this.lastScanned : this.lastRow;
  }

  /** True while a row has started but not been committed. */
  get hasPartialRow(): boolean {
    return this.state !== 'newRow';
  }

  /**
   * Feeds one response: its chunks in order, then its `lastScannedRowKey`. Returns the rows it completed.
   *
   * @example
   * ```ts
   * const rows = merger.pushResponse({ chunks, lastScannedRowKey: Buffer.alloc(0) });
   * ```
   */
  pushResponse(response: ReadRowsResponseLike): RowData[] {
    const rows: RowData[] = [];
    for (const chunk of response.chunks ?? []) {
      const row = this.push(chunk);
      if (row) rows.push(row);
    }
    const scanned = response.lastScannedRowKey;
    if (scanned && scanned.length > 0) {
      if (this.state !== 'newRow') this.fail('lastScannedRowKey received in the middle of a row');
      // A scanned key that is not beyond what we already have carries no information; keep the further one.
      if (this.resumeKey === undefined || this.isBeyond(scanned, this.resumeKey))
        this.lastScanned = view(scanned);
    }
    return rows;
  }

  /**
   * Feeds one chunk. Returns the row it committed, if it committed one.
   *
   * @example
   * ```ts
   * const row = merger.push({ rowKey, familyName: { value: 'f' }, qualifier: { value: q }, value, commitRow: true });
   * ```
   */
  push(chunk: CellChunkLike): RowData | undefined {
    const key = chunk.rowKey ?? EMPTY;
    const hasFamily = chunk.familyName !== undefined && chunk.familyName !== null;
    const hasQualifier = chunk.qualifier !== undefined && chunk.qualifier !== null;
    const timestamp = toMicros(chunk.timestampMicros);
    const labels = chunk.labels ?? NO_LABELS;
    const value = chunk.value ?? EMPTY;
    const valueSize = chunk.valueSize ?? 0;

    if (chunk.resetRow) {
      if (this.state === 'newRow') this.fail('reset_row outside of a row');
      if (key.length > 0 || hasFamily || hasQualifier || timestamp !== 0n || labels.length > 0) {
        this.fail('reset_row chunk carries a cell key');
      }
      if (value.length > 0 || valueSize !== 0 || chunk.commitRow) this.fail('reset_row chunk carries data');
      this.discardPartialRow();
      return undefined;
    }

    switch (this.state) {
      case 'newRow':
        if (key.length === 0) this.fail('new row without a row key');
        if (!hasFamily) this.fail('new row without a family name');
        if (!hasQualifier) this.fail('new row without a qualifier');
        {
          const previous = this.resumeKey;
          if (previous !== undefined && !this.isBeyond(key, previous)) {
            this.fail(
              `row key ${quotedKey(key)} is not ${this.reversed ? 'below' : 'above'} the previous ${quotedKey(previous)}`,
            );
          }
        }
        this.rowKey = view(key);
        this.cells = [];
        this.startCell(chunk, timestamp, labels);
        break;
      case 'newCell':
        if (key.length > 0 && Buffer.compare(key, this.rowKey) !== 0)
          this.fail('row key changed without a commit');
        if (hasFamily && !hasQualifier) this.fail('a new family must come with a qualifier');
        this.startCell(chunk, timestamp, labels);
        break;
      case 'cellValue':
        if (key.length > 0 || hasFamily || hasQualifier || timestamp !== 0n || labels.length > 0) {
          this.fail('a split cell continuation carries a cell key');
        }
        break;
    }
    if (valueSize > 0) {
      if (chunk.commitRow) this.fail('commit_row inside a split cell');
      this.valueParts.push(value);
      this.state = 'cellValue';
      return undefined;
    }
    // A whole cell (the usual case) needs no list of parts.
    let whole: Uint8Array;
    if (this.valueParts.length === 0) whole = view(value);
    else {
      this.valueParts.push(value);
      whole = concat(this.valueParts);
      this.valueParts = [];
    }
    this.cells.push({
      family: this.family,
      qualifier: this.qualifier,
      timestampMicros: this.timestampMicros,
      value: whole,
      labels: this.labels,
    });
    this.state = 'newCell';
    if (!chunk.commitRow) return undefined;
    const row: RowData = { key: this.rowKey, cells: inFamilyOrder(this.cells) };
    this.lastRow = this.rowKey;
    this.discardPartialRow();
    return row;
  }

  /**
   * Ends the stream: throws if it stopped inside a row.
   *
   * @example
   * ```ts
   * merger.finish();
   * ```
   */
  finish(): void {
    if (this.state !== 'newRow') this.fail('stream ended inside a row (no commit_row)');
  }

  /**
   * Forgets the row in progress (after reset_row, or when a failed attempt is about to be resumed).
   *
   * @example
   * ```ts
   * merger.discardPartialRow();
   * ```
   */
  discardPartialRow(): void {
    this.state = 'newRow';
    this.rowKey = EMPTY;
    this.cells = [];
    this.valueParts = [];
  }

  private startCell(chunk: CellChunkLike, timestamp: bigint, labels: readonly string[]): void {
    // Absent wrappers mean "same as the previous cell"; a new row always sets both (checked by the caller).
    if (chunk.familyName) this.family = chunk.familyName.value ?? '';
    if (chunk.qualifier) this.qualifier = view(chunk.qualifier.value ?? EMPTY);
    this.timestampMicros = timestamp;
    this.labels = labels.length === 0 ? NO_LABELS : [...labels];
    if (this.valueParts.length > 0) this.valueParts = [];
  }

  private isBeyond(key: Uint8Array, previous: Uint8Array): boolean {
    const order = Buffer.compare(key, previous);
    return this.reversed ? order < 0 : order > 0;
  }

  private fail(message: string): never {
    throw new ReadRowsStreamError(message);
  }
}

/**
 * Bigtable leaves the mutual order of families in a row unspecified (the emulator varies it from one call to the
 * next), so families are put in name order; the server's order inside a family (qualifier, newest first) is kept.
 */
function inFamilyOrder(cells: Cell[]): Cell[] {
  for (let i = 1; i < cells.length; i++) {
    if (cells[i - 1]!.family > cells[i]!.family) {
      return cells.sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : 0));
    }
  }
  return cells;
}

/** Row keys in stream errors are printed like every key in a message (docs/errors.md). */
function quotedKey(bytes: Uint8Array): string {
  return `"${printableKey(bytes)}"`;
}
