/**
 * Stable, machine-readable error codes. A code never changes meaning once published, so callers may switch on it.
 */
export type ErrorCode =
  | 'METADATA_INVALID'
  | 'KEY_ENCODING'
  | 'VALUE_ENCODING'
  | 'VALIDATION'
  | 'LIMIT_EXCEEDED'
  | 'QUERY_INVALID'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'OPTIMISTIC_LOCK'
  | 'SCHEMA_VERSION'
  | 'UPCAST_FAILED'
  | 'PARTIAL_WRITE'
  | 'OUTCOME_UNKNOWN'
  | 'COUNTER_OVERFLOW'
  | 'INVALID_ARGUMENT'
  | 'DESTRUCTIVE_CHANGE'
  | 'CONNECTION_CLOSED'
  | 'DEADLINE_EXCEEDED'
  | 'ABORTED'
  | 'CALL_VETOED'
  | 'ENTITY_HOOK_FAILED'
  | 'TRANSPORT'
  | 'EMULATOR_UNAVAILABLE'
  | 'INTERNAL';

/** Options common to every error of the SDK. */
export interface BigtableMapperErrorOptions {
  /** The lower-level error this one wraps (a gRPC error only ever appears here). */
  readonly cause?: unknown;
}

/**
 * Base class of every error the SDK throws. Each phase has its own subclass with a fixed {@link ErrorCode}.
 *
 * @example
 * ```ts
 * try { await repo.insert(device); }
 * catch (e) { if (e instanceof BigtableMapperError && e.code === 'ALREADY_EXISTS') { ... } }
 * ```
 */
export class BigtableMapperError extends Error {
  /** Stable code of this error kind. */
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options: BigtableMapperErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = new.target.name;
  }
}
