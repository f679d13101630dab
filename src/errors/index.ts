export { BigtableMapperError } from './bigtable-mapper-error.js';
export type { ErrorCode, BigtableMapperErrorOptions } from './bigtable-mapper-error.js';
export { TransportError } from './transport-error.js';
export { EmulatorUnavailableError } from './emulator-unavailable-error.js';
export { MetadataError } from './metadata-error.js';
export type { MetadataProblem } from './metadata-error.js';
export { ValueEncodingError } from './value-encoding-error.js';
export type { ValueEncodingErrorDetails, ValueEncodingCell } from './value-encoding-error.js';
export { ValidationError } from './validation-error.js';
export type { ValidationErrorDetails, ValidationIssue } from './validation-error.js';
export { LimitExceededError } from './limit-exceeded-error.js';
export type { LimitExceededErrorDetails } from './limit-exceeded-error.js';
export { ReadRowsStreamError } from './read-rows-stream-error.js';
export { KeyEncodingError, type KeyEncodingErrorDetails } from './key-encoding-error.js';
export { printableKey } from './printable-key.js';
export type { RowErrorDetails } from './row-error-details.js';
export { NotFoundError } from './not-found-error.js';
export { AlreadyExistsError } from './already-exists-error.js';
export { OptimisticLockError } from './optimistic-lock-error.js';
export { SchemaVersionError } from './schema-version-error.js';
export { UpcastError } from './upcast-error.js';
export { PartialWriteError } from './partial-write-error.js';
export type { WriteFailure, WriteOutcome } from './partial-write-error.js';
export { QueryError, type QueryErrorDetails } from './query-error.js';
export {
  CounterOverflowError,
  type CounterOverflowDetails,
  type CounterRange,
} from './counter-overflow-error.js';
export { OutcomeUnknownError, type OutcomeUnknownDetails } from './outcome-unknown-error.js';
export { ConnectionClosedError } from './connection-closed-error.js';
export { DeadlineExceededError } from './deadline-exceeded-error.js';
export { AbortedError } from './aborted-error.js';
export { CallVetoedError, type CallVetoedDetails } from './call-vetoed-error.js';
export { EntityHookError, type EntityHookErrorDetails } from './entity-hook-error.js';
export { InternalError } from './internal-error.js';
export { InvalidArgumentError, type InvalidArgumentDetails } from './invalid-argument-error.js';
export { formatValue } from './format-value.js';
export { DestructiveChangeError } from './destructive-change-error.js';
