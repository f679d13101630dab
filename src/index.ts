// Public API of bigtable-mapper, the everyday runtime: every name is listed on purpose, and
// `etc/bigtable-mapper.api.md` (checked by `npm test`, updated by `npm run api:update`) shows each change of surface
// as a diff. Decorators live in 'bigtable-mapper/decorators', the emulator test kit in 'bigtable-mapper/testing'
// (vitest hooks: 'bigtable-mapper/testing/vitest'), the tools in 'bigtable-mapper/schema', '/codegen', '/lint',
// '/backfill' and '/keys', resolved entity metadata in 'bigtable-mapper/metadata', the byte level of reads (the
// compiled request model, raw key-range reads) in 'bigtable-mapper/raw', the details of observability in
// 'bigtable-mapper/observe'. Internals (declaration records, the registry
// instance, raw RPCs, mutation builders, planner nodes) stay importable inside the repository by relative path only.

// Connecting and repositories: the everyday API.
export { Mapper } from './repository/mapper.js';
export { Repository } from './repository/repository.js';
export type { SaveManyOptions } from './write/batch/batch-types.js';
export type {
  AggregateCallOptions,
  DeleteEntityOptions,
  SaveEntityOptions,
  UpdateEntityOptions,
} from './write/write-options.js';
export type { MapProperty, MapValueOf, MemberOf, SetProperty } from './repository/collection-property.js';
export type { WriteProgress } from './write/batch/batch-types.js';
export type { CallOptions, RepositoryOptions } from './repository/repository-options.js';
export type { WriteBackReport } from './write/evolving/write-back-report.js';
export type { MappingWarning } from './mapping/mapping-warning.js';
// Observability (docs/observability.md): the event map names the other event types (`MapperEventMap['retry']`).
export type { MapperEventMap, MapperEvents } from './repository/mapper-events.js';
// Observability: options, the call summary and explain({ analyze }); the rest (the emitter class, event payloads,
// scan-warning thresholds) is 'bigtable-mapper/observe', the server's read stats are 'bigtable-mapper/raw'.
export type { CallSummary } from './observe/call-summary.js';
export type { ObserveOptions } from './observe/observe-options.js';
export type { ExplainAnalysis, ExplainOptions } from './query/explain/explain-analysis.js';
export { emitProcessWarning } from './write/report-warnings.js';
export type { RewriteOutcome } from './write/evolving/rewrite-row.js';
export type {
  FullKey,
  KeyInput,
  KeyParts,
  KeyPartsOf,
  KeyPrefix,
  NonEmptyKeyPrefix,
} from './mapping/key-input.js';
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
export { getEntityMetadata } from './metadata/entity-registry.js';
// Hierarchical keys: the type of a row from its key, and the check that keeps it decidable (docs/row-keys.md).
export { isKeyOf, keyOwner } from './metadata/key-owner.js';
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
// The resolved metadata (getEntityMetadata's result types, EntityRegistry, familySpecsOf, findKeyCollision,
// moduleEntities) is 'bigtable-mapper/metadata'.
export type { EntityClass, Versioned } from './metadata/entity-metadata.js';

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

// Row keys: the key values (`KeyValue`) and ranges (`KeyRange`) and the row-key toolkit (key codecs, row-key schemas
// and their files, OrderedCode, key ranges) are 'bigtable-mapper/keys'.

// The tools have their own entry points: 'bigtable-mapper/schema' (plan, apply, check and ensure tables; describe a
// live table), 'bigtable-mapper/codegen' (entity source from schema files and back, inference from a live table),
// 'bigtable-mapper/lint' (schema-design lint) and 'bigtable-mapper/backfill' (migrate stored rows to the current
// schema version; `mapper.backfill` is the same).

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

// The family data model that declarations name (`FamilyOptions.gc`, aggregate kinds). The model of compiled reads
// (`CompiledQuery.request`: ReadRowsRequestData, RowFilter, RowRange, …) and `readKeyRange` (an entity's rows between
// raw key bounds) are 'bigtable-mapper/raw'.
export type { GcRule, AggregateKind } from './model/family-spec.js';
