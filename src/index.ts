// Public API of bigtable-mapper. Every export is named; see README.md and docs/ for usage.
export * from './errors/index.js';
export type { Cell, RowData } from './model/row-data.js';
export type { Mutation } from './model/mutation.js';
export type { FamilySpec, GcRule, AggregateKind } from './model/family-spec.js';
export { BigtableConnection } from './transport/bigtable-connection.js';
export type { ConnectionOptions, ResolvedEndpoint } from './transport/connection-options.js';
export { resolveEndpoint } from './transport/connection-options.js';
export type { RetryPolicy } from './transport/retry-policy.js';
export { DEFAULT_RETRY_POLICY } from './transport/retry-policy.js';
export { mutateRow } from './transport/mutate-row.js';
export { createTable, deleteTable, listTables } from './transport/table-admin.js';
