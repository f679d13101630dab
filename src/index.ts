// Public API of bigtable-mapper (decorators: 'bigtable-mapper/decorators'; test kit: 'bigtable-mapper/testing').
// Each module re-exported here lists its exports by name. See README.md and docs/.

// Repositories: the everyday API.
export * from './repository/index.js';
// Declaring entities without decorators, and their resolved metadata.
export * from './metadata/index.js';
// Value codecs and row-key codecs (schema-level codec, row-key schema files, OrderedCode).
export * from './codecs/value/index.js';
export * from './codecs/key/index.js';
// Entity ⇄ row mapping, for callers who send mutations themselves.
export * from './mapping/index.js';
// Errors.
export * from './errors/index.js';

// The byte-exact data model shared by transport and mapping.
export type { Cell, RowData } from './model/row-data.js';
export type { Mutation } from './model/mutation.js';
export type { FamilySpec, GcRule, AggregateKind } from './model/family-spec.js';
export type {
  ReadRowsRequestData,
  RowSet,
  RowRange,
  RowFilter,
  RowFilterKinds,
  ColumnRange,
  ValueRange,
  TimestampRange,
  ConditionFilter,
} from './model/read-rows-request.js';

// Transport: the connection, and the raw data calls for code that works below the entity level.
export { BigtableConnection } from './transport/bigtable-connection.js';
export type { ConnectionOptions, ResolvedEndpoint } from './transport/connection-options.js';
export { resolveEndpoint } from './transport/connection-options.js';
export type { RetryPolicy } from './transport/retry-policy.js';
export { DEFAULT_RETRY_POLICY } from './transport/retry-policy.js';
export { readRows } from './transport/read-rows.js';
export type { ReadRowsOptions } from './transport/read-rows.js';
export { mutateRows } from './transport/mutate-rows.js';
export type { MutateRowsEntry, MutateRowsOptions } from './transport/mutate-rows.js';
export { checkAndMutateRow } from './transport/check-and-mutate-row.js';
export type { CheckAndMutateInput } from './transport/check-and-mutate-row.js';
export { readModifyWriteRow } from './transport/read-modify-write-row.js';
export type { ReadModifyWriteRule } from './transport/read-modify-write-row.js';
export { dropRowsByPrefix, deleteAllRows } from './transport/drop-row-range.js';
export { createTable, deleteTable, listTables } from './transport/table-admin.js';
