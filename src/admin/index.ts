// 'bigtable-mapper/schema': table administration (docs/schema.md). Plan, apply, check and ensure tables, families,
// GC rules and row-key schemas; describe a live table. The tool takes a connection or a mapper; the runtime never
// imports it, except `mapper.schema`, the documented shortcut for `new SchemaManager(mapper.connection, ...)`.
export { SchemaManager } from './schema-manager.js';
export type { ApplyOptions, ApplyResult, SchemaDrift } from './schema-manager.js';
export { planSchema } from './schema-plan.js';
export type { PlanOptions, SchemaChange, SchemaPlan } from './schema-plan.js';
export { describeChange, formatGcRule, formatPlan } from './format-plan.js';
export { desiredSchema, rowKeySchemaFromJson, rowKeySchemaToJson } from './table-schema.js';
export type {
  DesiredSchemaOptions,
  RowKeySchemaJson,
  RowKeySchemaState,
  TableSchema,
} from './table-schema.js';
export { describeTable } from './describe-table.js';
export type { DescribeTableOptions, SampledKey, TableDescription } from './describe-table.js';
