// Public API of bigtable-mapper: every name is listed on purpose, and `etc/bigtable-mapper.api.md` (checked by
// `npm test`, updated by `npm run api:update`) shows each change of surface as a diff. Decorators live in
// 'bigtable-mapper/decorators', the emulator test kit in 'bigtable-mapper/testing' (vitest hooks:
// 'bigtable-mapper/testing/vitest'). Internals (declaration records, the registry instance, raw RPCs, mutation
// builders, planner nodes) stay importable inside the repository by relative path only.

// Connecting and repositories: the everyday API.
export { Mapper } from './repository/mapper.js';
export { Repository } from './repository/repository.js';
export { readKeyRange } from './repository/read-key-range.js';
export type { KeyRangeReadOptions } from './repository/read-key-range.js';
export type { RawKeyBounds } from './query/compiler/compile-range-read.js';
export type { SaveManyOptions } from './repository/repository.js';
export type {
  AggregateCallOptions,
  DeleteEntityOptions,
  SaveEntityOptions,
  UpdateEntityOptions,
} from './repository/write-options.js';
export type { MapProperty, MapValueOf, MemberOf, SetProperty } from './repository/collection-property.js';
export type { WriteProgress } from './repository/write-stream.js';
// Schema evolution's backfill runner (`mapper.backfill`).
export type {
  Backfill,
  BackfillCounts,
  BackfillOptions,
  BackfillPlan,
  BackfillProgress,
  BackfillReport,
  BackfillRowEvent,
  BackfillShard,
  BackfillShardStatus,
  BackfillStatus,
} from './backfill/backfill-types.js';
export type { CallOptions, RepositoryOptions } from './repository/repository-options.js';
export type { WriteBackReport } from './repository/write-back.js';
export type { MappingWarning } from './mapping/mapping-warning.js';
export { emitProcessWarning } from './repository/report-warnings.js';
export type { RewriteOutcome } from './repository/rewrite-row.js';
export type {
  FullKey,
  KeyInput,
  KeyParts,
  KeyPartsOf,
  KeyPrefix,
  NonEmptyKeyPrefix,
} from './repository/key-input.js';
export type { EntityChanges, MapChange, SetChange } from './mapping/build-update-mutations.js';
export { BigtableConnection } from './transport/bigtable-connection.js';
export type { ConnectionOptions, ResolvedEndpoint } from './transport/connection-options.js';
export type { RetryPolicy } from './transport/retry-policy.js';
export { DEFAULT_RETRY_POLICY } from './transport/retry-policy.js';
export type { CallTimeouts } from './transport/call-timeouts.js';
export { DEFAULT_TIMEOUTS } from './transport/call-timeouts.js';
export type { Clock } from './mapping/save-timestamp.js';

// Queries.
export { Query } from './query/builder/query.js';
export type { CompiledQuery, EntriesOptions, QueryPage } from './query/builder/query.js';
export type { SkippedRow, SkippedRowReporter } from './query/builder/skipped-row.js';
export type { QueryMode } from './query/compiler/compile-query.js';
export type { ConditionOp, VersionsNode as VersionsWindow } from './query/nodes/query-node.js';
export { Lookup } from './query/builder/lookup.js';

// Collections: several entity types sharing leading key parts, read together.
export { Collection } from './repository/collection.js';
export type {
  CollectionEntities,
  CollectionMembers,
  SharedKey,
  SharedKeyParts,
} from './repository/shared-key.js';
export { CollectionQuery } from './query/builder/collection-query.js';
export type {
  CollectionCounts,
  CollectionItem,
  CollectionPage,
  CollectionResult,
  CollectionShape,
  CompiledCollectionQuery,
} from './query/builder/collection-results.js';

// Declaring entities without decorators, and their resolved metadata.
export { defineEntity } from './metadata/define-entity.js';
export type { EntityDefinition, KeyDefinition, PropertyDefinition } from './metadata/define-entity.js';
export { EntityRegistry, getEntityMetadata } from './metadata/entity-registry.js';
export { familySpecsOf } from './metadata/family-specs.js';
// Hierarchical keys: the type of a row from its key, and the check that keeps it decidable (docs/row-keys.md).
export { isKeyOf, keyOwner } from './metadata/key-owner.js';
export { findKeyCollision } from './metadata/find-key-collision.js';
export type { KeyCollision } from './metadata/find-key-collision.js';
export { Gc } from './metadata/gc.js';
// Schema evolution: versions stored in each row, upcast steps reading old rows (docs/evolution.md).
export { upcastStep } from './metadata/upcast-step.js';
export type {
  EvolutionOptions,
  OldField,
  OldShape,
  OldState,
  UpcastStep,
} from './metadata/evolution-options.js';
export type { Duration } from './metadata/gc.js';
export type {
  AggregateOptions,
  CodecRef,
  ColumnOptions,
  CounterOptions,
  EntityOptions,
  FamilyOptions,
  Int64Representation,
  KeyPartOptions,
  KeyPartType,
  PresenceOptions,
  ProtobufColumnOptions,
  QualifierMapOptions,
  QualifierRef,
  QualifierSetOptions,
  VersionOptions,
} from './metadata/declaration-args.js';
export type {
  AggregateFieldMetadata,
  CellFieldBase,
  ColumnFieldMetadata,
  CounterFieldMetadata,
  EntityClass,
  EntityMetadata,
  EvolutionMetadata,
  ValidationMetadata,
  FamilyMetadata,
  FieldMetadata,
  KeyMetadata,
  KeyPartMetadata,
  MapFieldMetadata,
  OldFieldMetadata,
  SetFieldMetadata,
  UpcastStepMetadata,
  VersionFieldMetadata,
  Versioned,
} from './metadata/entity-metadata.js';

// Value codecs.
export { Codecs } from './codecs/value/codecs.js';
export type { BuiltinCodecName, BuiltinCodecTypes } from './codecs/value/codecs.js';
export type { ValueCodec, UserCodec } from './codecs/value/value-codec.js';
export type { JsonValue } from './codecs/value/json-codec.js';
export type { ProtobufCodecOptions } from './codecs/value/protobuf-codec.js';
export type {
  ProtobufConversionOptions,
  ProtobufEnum,
  ProtobufField,
  ProtobufMessageType,
} from './codecs/value/protobuf-message-type.js';

// Row keys: entity key codecs, row-key schemas and their files, OrderedCode, key ranges (docs/row-keys.md).
export { createKeyCodec } from './codecs/key/create-key-codec.js';
export type { EntityKeyCodec } from './codecs/key/create-key-codec.js';
export type {
  Int64Encoding,
  KeyCodec,
  KeyCodecOptions,
  KeyCondition,
  KeyEncodingSpec,
  KeyRange,
  KeyValue,
  SegmentSpec,
} from './codecs/key/key-codec-types.js';
export { createSegmentCodec } from './codecs/key/segment-codecs.js';
export type { KeyStructKind, SegmentCodec } from './codecs/key/segment-codecs.js';
export {
  compileRowKeySchema,
  decodeRowKeyWithSchema,
  encodeRowKeyWithSchema,
  MAX_ROW_KEY_BYTES,
} from './codecs/key/row-key-schema.js';
export type {
  CompiledRowKeySchema,
  EmptyMessage,
  RowKeyFieldType,
  RowKeyInt64Encoding,
  RowKeySchema,
  RowKeySchemaCodecOptions,
  RowKeySchemaField,
  RowKeyStructEncoding,
} from './codecs/key/row-key-schema.js';
export { rowKeyRangesWithSchema } from './codecs/key/row-key-schema-ranges.js';
export { keySegmentsFromRowKeySchema, rowKeySchemaForKey } from './codecs/key/row-key-schema-segments.js';
export { formatRowKeySchemaFile, parseRowKeySchemaFile } from './codecs/key/row-key-schema-file.js';
export type {
  FormatRowKeySchemaFileOptions,
  ParseRowKeySchemaFileOptions,
  RowKeySchemaFileBytes,
} from './codecs/key/row-key-schema-file.js';
export { orderedCode } from './codecs/key/ordered-code.js';
export type { OrderedCode, OrderedCodeDirection, OrderedCodeRead } from './codecs/key/ordered-code.js';
export {
  isEmptyKeyRange,
  keyRangeContains,
  keySuccessor,
  normalizeKeyRanges,
  pointKeyRange,
  prefixKeyRange,
} from './codecs/key/key-range.js';
export type { KeyBound } from './codecs/key/key-range.js';
export { compareBytes } from './codecs/key/bytes.js';

// Schema tooling (docs/schema.md): plan, apply, check and ensure tables, families, GC rules, row-key schemas.
export { SchemaManager } from './admin/schema-manager.js';
export type { ApplyOptions, ApplyResult, SchemaDrift } from './admin/schema-manager.js';
export { planSchema } from './admin/schema-plan.js';
export type { PlanOptions, SchemaChange, SchemaPlan } from './admin/schema-plan.js';
export { describeChange, formatGcRule, formatPlan } from './admin/format-plan.js';
export { desiredSchema, rowKeySchemaFromJson, rowKeySchemaToJson } from './admin/table-schema.js';
export { describeTable } from './admin/describe-table.js';
export type { DescribeTableOptions, SampledKey, TableDescription } from './admin/describe-table.js';
export { moduleEntities } from './metadata/module-entities.js';
export type { ModuleEntity } from './metadata/module-entities.js';
export type {
  DesiredSchemaOptions,
  RowKeySchemaJson,
  RowKeySchemaState,
  TableSchema,
} from './admin/table-schema.js';

// Codegen (docs/codegen.md): entity source from a row-key schema file and a families file, and the way back.
export { exportSchemaFiles } from './codegen/files/export-schema-files.js';
export type { ExportSchemaFilesOptions, SchemaFiles } from './codegen/files/export-schema-files.js';
export { generateEntitiesSource, generateEntitySource } from './codegen/source/generate-entity-source.js';
export { generateEntitySourceFromFiles } from './codegen/generate-entity-source-from-files.js';
export { parseSchemaFiles } from './codegen/files/parse-schema-files.js';
export type { CodecImport, GenerateEntitySourceOptions } from './codegen/source/generate-entity-source.js';
export { parseFamiliesFile } from './codegen/files/parse-families-file.js';
export type { ParseFamiliesFileOptions } from './codegen/files/parse-families-file.js';
export { formatFamiliesFile } from './codegen/files/format-families-file.js';
export { schemaFilesEntities, schemaFilesMetadata } from './codegen/files/schema-files-metadata.js';
export { inferTableEntities } from './codegen/infer/infer-table-entities.js';
export type {
  InferredEntity,
  InferredTable,
  InferTableOptions,
} from './codegen/infer/infer-table-entities.js';
export { inferenceComment } from './codegen/infer/inference.js';
export type { Confidence, Inference } from './codegen/infer/inference.js';
export type { SampleProgress, SampleTableOptions } from './codegen/infer/sample-table.js';
export type { FormatFamiliesFileOptions } from './codegen/files/format-families-file.js';
export type {
  FamiliesFile,
  FileCodec,
  FileColumn,
  FileFamily,
  FileInt64Cell,
  FileKeyHint,
  FileLint,
  FileQualifier,
} from './codegen/files/families-file-types.js';

// Schema design lint: Bigtable's schema-design rules as checks on entity metadata (docs/lint.md).
export { formatFindings, lintEntities, lintSchemaFiles, LINT_RULES } from './lint/index.js';
export type {
  LintFinding,
  LintOptions,
  LintRule,
  LintRuleId,
  LintSeverity,
  SchemaFilesInput,
} from './lint/index.js';

// Errors (docs/errors.md): one base class with a stable `code`, one subclass per failure.
export { BigtableMapperError } from './errors/bigtable-mapper-error.js';
export type { ErrorCode, BigtableMapperErrorOptions } from './errors/bigtable-mapper-error.js';
export { AbortedError } from './errors/aborted-error.js';
export { AlreadyExistsError } from './errors/already-exists-error.js';
export { ConnectionClosedError } from './errors/connection-closed-error.js';
export { CounterOverflowError } from './errors/counter-overflow-error.js';
export type { CounterOverflowDetails, CounterRange } from './errors/counter-overflow-error.js';
export { DeadlineExceededError } from './errors/deadline-exceeded-error.js';
export { DestructiveChangeError } from './errors/destructive-change-error.js';
export { EmulatorUnavailableError } from './errors/emulator-unavailable-error.js';
export { InvalidArgumentError } from './errors/invalid-argument-error.js';
export type { InvalidArgumentDetails } from './errors/invalid-argument-error.js';
export { KeyEncodingError } from './errors/key-encoding-error.js';
export type { KeyEncodingErrorDetails } from './errors/key-encoding-error.js';
export { LimitExceededError } from './errors/limit-exceeded-error.js';
export type { LimitExceededErrorDetails } from './errors/limit-exceeded-error.js';
export { MetadataError } from './errors/metadata-error.js';
export type { MetadataProblem } from './errors/metadata-error.js';
export { NotFoundError } from './errors/not-found-error.js';
export { OptimisticLockError } from './errors/optimistic-lock-error.js';
export { OutcomeUnknownError } from './errors/outcome-unknown-error.js';
export type { OutcomeUnknownDetails } from './errors/outcome-unknown-error.js';
export { PartialWriteError } from './errors/partial-write-error.js';
export type { WriteFailure, WriteOutcome } from './errors/partial-write-error.js';
export { InternalError } from './errors/internal-error.js';
export { formatValue } from './errors/format-value.js';
export { QueryError } from './errors/query-error.js';
export type { QueryErrorDetails } from './errors/query-error.js';
export { ReadRowsStreamError } from './errors/read-rows-stream-error.js';
export { SchemaVersionError } from './errors/schema-version-error.js';
export { UpcastError } from './errors/upcast-error.js';
export type { RowErrorDetails } from './errors/row-error-details.js';
export { TransportError } from './errors/transport-error.js';
export { ValueEncodingError } from './errors/value-encoding-error.js';
export type { ValueEncodingErrorDetails } from './errors/value-encoding-error.js';
export { ValidationError } from './errors/validation-error.js';
export type { ValidationErrorDetails, ValidationIssue } from './errors/validation-error.js';
export { printableKey } from './errors/printable-key.js';

// The byte-exact data model that appears in compiled queries (`CompiledQuery.request`) and table families.
export type { FamilySpec, GcRule, AggregateKind } from './model/family-spec.js';
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
} from './model/read-rows-request.js';
