/**
 * Plain, immutable data in the shape of the v2 `ReadRowsRequest`, with bytes as `Uint8Array` and int64 as `bigint`.
 * The query compiler produces it; transport sends it. Nothing here knows about the generated client.
 */

/** Lower bound of a {@link RowRange}: closed, open, or absent (from the first row of the table). */
export type RowRangeStart =
  | { readonly startKeyClosed: Uint8Array; readonly startKeyOpen?: never }
  | { readonly startKeyOpen: Uint8Array; readonly startKeyClosed?: never }
  | { readonly startKeyClosed?: never; readonly startKeyOpen?: never };

/** Upper bound of a {@link RowRange}: open, closed, or absent (to the end of the table). */
export type RowRangeEnd =
  | { readonly endKeyOpen: Uint8Array; readonly endKeyClosed?: never }
  | { readonly endKeyClosed: Uint8Array; readonly endKeyOpen?: never }
  | { readonly endKeyOpen?: never; readonly endKeyClosed?: never };

/**
 * A contiguous range of row keys. At most one start and one end bound; an empty bound means "unbounded", as in
 * the proto. Bigtable requires start < end (also for reversed reads).
 *
 * @example
 * ```ts
 * const phones: RowRange = { startKeyClosed: Buffer.from('phone#'), endKeyOpen: Buffer.from('phone$') };
 * const everything: RowRange = {};
 * ```
 */
export type RowRange = RowRangeStart & RowRangeEnd;

/**
 * The rows to read: exact keys plus ranges. Both empty means "the whole table", exactly as in the proto, so a
 * producer that means "nothing" must not send a request at all.
 *
 * @example
 * ```ts
 * const rows: RowSet = { rowKeys: [Buffer.from('phone#1')], rowRanges: [{ startKeyClosed: Buffer.from('tablet#') }] };
 * ```
 */
export interface RowSet {
  readonly rowKeys: readonly Uint8Array[];
  readonly rowRanges: readonly RowRange[];
}

/**
 * A range of qualifiers inside one family (`google.bigtable.v2.ColumnRange`).
 *
 * @example
 * ```ts
 * const r: ColumnRange = { family: 'stats', startQualifierClosed: Buffer.from('a'), endQualifierOpen: Buffer.from('m') };
 * ```
 */
export interface ColumnRange {
  readonly family: string;
  readonly startQualifierClosed?: Uint8Array;
  readonly startQualifierOpen?: Uint8Array;
  readonly endQualifierClosed?: Uint8Array;
  readonly endQualifierOpen?: Uint8Array;
}

/**
 * A range of cell values compared as raw bytes (`google.bigtable.v2.ValueRange`).
 *
 * @example
 * ```ts
 * const r: ValueRange = { startValueClosed: Uint8Array.of(0), endValueOpen: Uint8Array.of(0x80) };
 * ```
 */
export interface ValueRange {
  readonly startValueClosed?: Uint8Array;
  readonly startValueOpen?: Uint8Array;
  readonly endValueClosed?: Uint8Array;
  readonly endValueOpen?: Uint8Array;
}

/**
 * A range of cell timestamps in microseconds: start inclusive, end exclusive, both optional.
 *
 * @example
 * ```ts
 * const lastHour: TimestampRange = { startMicros: BigInt(Date.now() - 3_600_000) * 1000n };
 * ```
 */
export interface TimestampRange {
  readonly startMicros?: bigint;
  readonly endMicros?: bigint;
}

/**
 * The branches of a condition filter. The predicate is evaluated on a copy of the row and is not atomic with
 * the branch that runs; a missing branch outputs nothing.
 *
 * @example
 * ```ts
 * const c: ConditionFilter = { predicate: { familyNameRegex: 'deleted' }, falseFilter: { passAll: true } };
 * ```
 */
export interface ConditionFilter {
  readonly predicate: RowFilter;
  readonly trueFilter?: RowFilter;
  readonly falseFilter?: RowFilter;
}

/**
 * Every kind of v2 RowFilter, keyed by a name that mirrors the proto field (minus the `Filter`/`Transformer`
 * suffix). A {@link RowFilter} is an object with exactly one of these keys.
 */
export interface RowFilterKinds {
  /** Apply the filters in sequence, each to the output of the previous one. */
  readonly chain: readonly RowFilter[];
  /** Apply every filter to a copy of the input and merge the outputs (duplicates possible). */
  readonly interleave: readonly RowFilter[];
  readonly condition: ConditionFilter;
  /** Output the input directly to the final result (only meaningful inside an interleave). */
  readonly sink: true;
  readonly passAll: true;
  readonly blockAll: true;
  /** RE2 over the raw row key bytes; must match the whole key. */
  readonly rowKeyRegex: Uint8Array;
  /** Probability in (0, 1) that a row is kept. */
  readonly rowSample: number;
  /** RE2 over the family name; must match the whole name. */
  readonly familyNameRegex: string;
  /** RE2 over the raw qualifier bytes; must match the whole qualifier. */
  readonly columnQualifierRegex: Uint8Array;
  readonly columnRange: ColumnRange;
  readonly timestampRange: TimestampRange;
  /** RE2 over the raw value bytes; must match the whole value. */
  readonly valueRegex: Uint8Array;
  readonly valueRange: ValueRange;
  /** Skip the first N cells of each row (int32). */
  readonly cellsPerRowOffset: number;
  /** Keep at most N cells of each row (int32). */
  readonly cellsPerRowLimit: number;
  /** Keep the newest N cells of each column (int32). */
  readonly cellsPerColumnLimit: number;
  /** Replace every value by the empty string. */
  readonly stripValue: true;
  /** Label every output cell (`[a-z0-9\-]+`, at most 15 characters). */
  readonly applyLabel: string;
  /** Keep cells with `(value & mask) == mask` and `value.length == mask.length` (ignored by the emulator). */
  readonly valueBitmask: Uint8Array;
}

/** Name of one {@link RowFilter} kind, e.g. `'chain'`. */
export type RowFilterKind = keyof RowFilterKinds;

/** An object with exactly one key of T: the others are typed `never` so that two kinds cannot be mixed. */
type ExactlyOne<T> = {
  [K in keyof T]: { readonly [P in K]: T[P] } & { readonly [P in Exclude<keyof T, K>]?: never };
}[keyof T];

/**
 * A v2 RowFilter as a discriminated union on its single key.
 *
 * @example
 * ```ts
 * const latestCpu: RowFilter = {
 *   chain: [{ familyNameRegex: 'stats' }, { columnQualifierRegex: Buffer.from('cpu') }, { cellsPerColumnLimit: 1 }],
 * };
 * ```
 */
export type RowFilter = ExactlyOne<RowFilterKinds>;

/**
 * Everything a ReadRows call needs besides the table: which rows, which cells, how many rows, which direction.
 * `rows` absent means the whole table. `rowsLimit` absent means no limit (`0n` means "no rows", unlike the proto
 * where 0 means unlimited).
 *
 * @example
 * ```ts
 * const req: ReadRowsRequestData = {
 *   rows: { rowKeys: [], rowRanges: [{ startKeyClosed: Buffer.from('phone#'), endKeyOpen: Buffer.from('phone$') }] },
 *   filter: { cellsPerColumnLimit: 1 },
 *   rowsLimit: 50n,
 *   reversed: true,
 * };
 * ```
 */
export interface ReadRowsRequestData {
  readonly rows?: RowSet;
  readonly filter?: RowFilter;
  readonly rowsLimit?: bigint;
  readonly reversed?: boolean;
}
