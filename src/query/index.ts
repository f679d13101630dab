// The one door of query/: the façade (repository/, the mapper) and the rooms beside it import the read path only
// from here, never from a sub-folder (lint rule in eslint.config.js). query/ builds a read (builder/, nodes/),
// plans it (planner/), compiles it to ReadRows requests (compiler/) and runs it (executor/).

// Building reads: the builders and the nodes they start from.
export { Query } from './builder/query.js';
export { Lookup } from './builder/lookup.js';
export { CollectionQuery } from './builder/collection-query.js';
export { findQuery } from './builder/find-query.js';
export { hasMember } from './builder/has-member.js';
export { collectionNodeOf, leadingRunsNodeOf } from './builder/collection-nodes.js';
export { queryNode } from './nodes/query-node.js';
export { keysNode } from './nodes/read-node.js';

// Running reads: what a builder needs and the implementations on a connection.
export type { QueryExecutor } from './executor/query-executor.js';
export type { CollectionExecutor } from './executor/collection-executor.js';
export { TableQueryExecutor } from './executor/table-query-executor.js';
export { TableCollectionExecutor } from './executor/table-collection-executor.js';
export { readKeyRange } from './executor/read-key-range.js';
export type { KeyRangeReadOptions } from './executor/read-key-range.js';
export type { RawKeyBounds } from './compiler/compile-range-read.js';
export type { ServerReadStats } from './explain/explain-analysis.js';

// Reads that writes make: prefix deletes and the conditional writes of evolving entities.
export { planPrefixDelete } from './planner/plan-prefix-delete.js';
export type { PrefixDeletePlan, PrefixDeleteOptions } from './planner/plan-prefix-delete.js';
export { columnFilter } from './compiler/filters/column-filters.js';
export { chainFilters } from './compiler/filters/compose-filters.js';
export { wholeEntityReadFilter } from './compiler/filters/entity-read-filter.js';

// Row ranges of an entity's rows, for the backfill's shards (its span algebra lives in src/backfill/).
export { entityPrefixRanges } from './planner/entity-key-span.js';
export { intersectKeyRanges } from './planner/intersect-key-ranges.js';
export { toRowRange } from './compiler/to-row-range.js';
