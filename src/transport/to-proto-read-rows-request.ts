import type { protos } from '@google-cloud/bigtable';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type {
  ReadRowsRequestData,
  RowFilter,
  RowFilterKind,
  RowFilterKinds,
  RowRange,
  RowSet,
} from '../model/read-rows-request.js';

type ProtoReadRowsRequest = protos.google.bigtable.v2.IReadRowsRequest;
type ProtoRowFilter = protos.google.bigtable.v2.IRowFilter;
type ProtoRowSet = protos.google.bigtable.v2.IRowSet;
type ProtoRowRange = protos.google.bigtable.v2.IRowRange;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT32_MAX = 2 ** 31 - 1;

/** A field of the caller's request data is invalid; nothing is sent. */
function invalid(argument: string, value: unknown, expected: string): InvalidArgumentError {
  return new InvalidArgumentError({ api: 'ReadRowsRequest', argument, value, expected });
}

/** The generated serializer silently wraps or truncates out-of-range integers, so they are refused here. */
function int64(value: bigint, what: string): string {
  if (typeof value !== 'bigint' || value < INT64_MIN || value > INT64_MAX) {
    throw invalid(what, value, 'a bigint within int64');
  }
  return value.toString();
}

function count(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > INT32_MAX) {
    throw invalid(what, value, 'an integer in [0, 2^31-1]');
  }
  return value;
}

function bytes(value: Uint8Array, what: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw invalid(what, value, 'a Uint8Array');
  return value;
}

function oneBound<T>(a: T | undefined, b: T | undefined, names: string): void {
  if (a !== undefined && b !== undefined) throw invalid(names, [a, b], 'at most one of the two set');
}

function toProtoRowRange(range: RowRange): ProtoRowRange {
  oneBound(range.startKeyClosed, range.startKeyOpen, 'startKeyClosed/startKeyOpen');
  oneBound(range.endKeyClosed, range.endKeyOpen, 'endKeyClosed/endKeyOpen');
  const out: ProtoRowRange = {};
  if (range.startKeyClosed !== undefined) out.startKeyClosed = bytes(range.startKeyClosed, 'startKeyClosed');
  if (range.startKeyOpen !== undefined) out.startKeyOpen = bytes(range.startKeyOpen, 'startKeyOpen');
  if (range.endKeyOpen !== undefined) out.endKeyOpen = bytes(range.endKeyOpen, 'endKeyOpen');
  if (range.endKeyClosed !== undefined) out.endKeyClosed = bytes(range.endKeyClosed, 'endKeyClosed');
  return out;
}

/**
 * Converts a {@link RowSet} into the proto shape.
 *
 * @example
 * ```ts
 * toProtoRowSet({ rowKeys: [Buffer.from('a')], rowRanges: [{}] }); // { rowKeys: [<61>], rowRanges: [{}] }
 * ```
 *
 * @internal Proto shapes of `@google-cloud/bigtable` stay out of the published `.d.ts`.
 */
export function toProtoRowSet(rows: RowSet): ProtoRowSet {
  return {
    rowKeys: rows.rowKeys.map((k) => bytes(k, 'rowKeys[]')),
    rowRanges: rows.rowRanges.map(toProtoRowRange),
  };
}

function optionalBytes<K extends string>(key: K, value: Uint8Array | undefined): { [P in K]?: Uint8Array } {
  return (value === undefined ? {} : { [key]: bytes(value, key) }) as { [P in K]?: Uint8Array };
}

/** One converter per kind; the mapped type makes the compiler reject a kind without a converter. */
const FILTER_CONVERTERS: { readonly [K in RowFilterKind]: (value: RowFilterKinds[K]) => ProtoRowFilter } = {
  chain: (filters) => ({ chain: { filters: filters.map(toProtoRowFilter) } }),
  interleave: (filters) => ({ interleave: { filters: filters.map(toProtoRowFilter) } }),
  condition: (c) => ({
    condition: {
      predicateFilter: toProtoRowFilter(c.predicate),
      ...(c.trueFilter ? { trueFilter: toProtoRowFilter(c.trueFilter) } : {}),
      ...(c.falseFilter ? { falseFilter: toProtoRowFilter(c.falseFilter) } : {}),
    },
  }),
  sink: () => ({ sink: true }),
  passAll: () => ({ passAllFilter: true }),
  blockAll: () => ({ blockAllFilter: true }),
  rowKeyRegex: (re) => ({ rowKeyRegexFilter: bytes(re, 'rowKeyRegex') }),
  rowSample: (p) => {
    if (!Number.isFinite(p)) throw invalid('rowSample', p, 'a finite number');
    return { rowSampleFilter: p };
  },
  familyNameRegex: (re) => ({ familyNameRegexFilter: String(re) }),
  columnQualifierRegex: (re) => ({ columnQualifierRegexFilter: bytes(re, 'columnQualifierRegex') }),
  columnRange: (r) => {
    oneBound(r.startQualifierClosed, r.startQualifierOpen, 'startQualifierClosed/startQualifierOpen');
    oneBound(r.endQualifierClosed, r.endQualifierOpen, 'endQualifierClosed/endQualifierOpen');
    return {
      columnRangeFilter: {
        familyName: String(r.family),
        ...optionalBytes('startQualifierClosed', r.startQualifierClosed),
        ...optionalBytes('startQualifierOpen', r.startQualifierOpen),
        ...optionalBytes('endQualifierClosed', r.endQualifierClosed),
        ...optionalBytes('endQualifierOpen', r.endQualifierOpen),
      },
    };
  },
  timestampRange: (r) => ({
    timestampRangeFilter: {
      ...(r.startMicros !== undefined ? { startTimestampMicros: int64(r.startMicros, 'startMicros') } : {}),
      ...(r.endMicros !== undefined ? { endTimestampMicros: int64(r.endMicros, 'endMicros') } : {}),
    },
  }),
  valueRegex: (re) => ({ valueRegexFilter: bytes(re, 'valueRegex') }),
  valueRange: (r) => {
    oneBound(r.startValueClosed, r.startValueOpen, 'startValueClosed/startValueOpen');
    oneBound(r.endValueClosed, r.endValueOpen, 'endValueClosed/endValueOpen');
    return {
      valueRangeFilter: {
        ...optionalBytes('startValueClosed', r.startValueClosed),
        ...optionalBytes('startValueOpen', r.startValueOpen),
        ...optionalBytes('endValueClosed', r.endValueClosed),
        ...optionalBytes('endValueOpen', r.endValueOpen),
      },
    };
  },
  cellsPerRowOffset: (n) => ({ cellsPerRowOffsetFilter: count(n, 'cellsPerRowOffset') }),
  cellsPerRowLimit: (n) => ({ cellsPerRowLimitFilter: count(n, 'cellsPerRowLimit') }),
  cellsPerColumnLimit: (n) => ({ cellsPerColumnLimitFilter: count(n, 'cellsPerColumnLimit') }),
  stripValue: () => ({ stripValueTransformer: true }),
  applyLabel: (label) => ({ applyLabelTransformer: String(label) }),
  valueBitmask: (mask) => ({ valueBitmaskFilter: { mask: bytes(mask, 'valueBitmask') } }),
};

/**
 * Converts a {@link RowFilter} tree into the `google.bigtable.v2.RowFilter` shape (int64 as decimal strings).
 * The single-kind rule is checked at runtime too, because plain JS callers can hand over anything.
 *
 * @example
 * ```ts
 * toProtoRowFilter({ chain: [{ familyNameRegex: 'f' }, { cellsPerColumnLimit: 1 }] });
 * // { chain: { filters: [{ familyNameRegexFilter: 'f' }, { cellsPerColumnLimitFilter: 1 }] } }
 * ```
 *
 * @internal Proto shapes of `@google-cloud/bigtable` stay out of the published `.d.ts`.
 */
export function toProtoRowFilter(filter: RowFilter): ProtoRowFilter {
  const entries = Object.entries(filter).filter(([, v]) => v !== undefined);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) {
    throw invalid(
      'filter',
      entries.map(([k]) => k),
      'a RowFilter with exactly one kind',
    );
  }
  const [kind, value] = entry;
  if (!Object.hasOwn(FILTER_CONVERTERS, kind))
    throw invalid('filter', kind, `a known RowFilter kind (${Object.keys(FILTER_CONVERTERS).join(', ')})`);
  const convert = FILTER_CONVERTERS[kind as RowFilterKind] as (value: unknown) => ProtoRowFilter;
  return convert(value);
}

/**
 * Converts request data into the generated client's `ReadRowsRequest` shape. Int64 fields become decimal
 * strings (exact for any value); a `rowsLimit` of `0n` is refused because the proto reads 0 as "unlimited".
 * Reversed requests additionally need the `bigtable-features` header (reverse scans), which every data call sends.
 *
 * @example
 * ```ts
 * toProtoReadRowsRequest(conn.tablePath('t'), undefined, { rowsLimit: 10n, reversed: true });
 * // { tableName: 'projects/.../tables/t', rowsLimit: '10', reversed: true }
 * ```
 *
 * @internal Proto shapes of `@google-cloud/bigtable` stay out of the published `.d.ts`.
 */
export function toProtoReadRowsRequest(
  tableName: string,
  appProfileId: string | undefined,
  data: ReadRowsRequestData,
): ProtoReadRowsRequest {
  const out: ProtoReadRowsRequest = { tableName };
  if (appProfileId) out.appProfileId = appProfileId;
  if (data.rows !== undefined) out.rows = toProtoRowSet(data.rows);
  if (data.filter !== undefined) out.filter = toProtoRowFilter(data.filter);
  if (data.rowsLimit !== undefined) {
    if (data.rowsLimit <= 0n) {
      throw invalid('rowsLimit', data.rowsLimit, 'positive (0 would mean "no limit" on the wire)');
    }
    out.rowsLimit = int64(data.rowsLimit, 'rowsLimit');
  }
  if (data.reversed) out.reversed = true;
  return out;
}
