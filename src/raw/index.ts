// 'bigtable-mapper/raw': the byte level under the query builders, for tools and for code that inspects what a query
// sends. The data model of a compiled read (`CompiledQuery.request`, `explain()`): the v2 ReadRowsRequest as plain
// frozen data with Uint8Array keys and bigint int64s; and `readKeyRange`, an entity's rows between raw row-key
// bounds (the CLI's `read`); the server's statistics of a read (`ExplainAnalysis.server`). Everyday code builds reads with `repository.find()` and never needs these names.
export { readKeyRange } from '../query/index.js';
export type { KeyRangeReadOptions, RawKeyBounds, ServerReadStats } from '../query/index.js';
export type {
  ReadRowsRequestData,
  RowSet,
  RowRange,
  RowRangeStart,
  RowRangeEnd,
  RowFilter,
  RowFilterKinds,
  ColumnRange,
  ValueRange,
  TimestampRange,
  ConditionFilter,
} from '../model/read-rows-request.js';
