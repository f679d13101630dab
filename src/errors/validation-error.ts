import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';

/**
 * One problem a validator found: its message and where, as property names / array indexes from the entity down
 * (empty for a problem with the entity as a whole).
 *
 * @example
 * ```ts
 * const issue: ValidationIssue = { message: 'Too small: expected number to be >0', path: ['battery'] };
 * ```
 */
export interface ValidationIssue {
  readonly message: string;
  readonly path: readonly PropertyKey[];
}

/** What a {@link ValidationError} is about. */
export interface ValidationErrorDetails {
  /** Entity class name. */
  readonly entity: string;
  /** The call that validated: `save`, `insert`, `update`, `saveMany` or `read`. */
  readonly operation: 'save' | 'insert' | 'update' | 'saveMany' | 'read';
  readonly issues: readonly ValidationIssue[];
  /** The row key, for a row that was read. */
  readonly key?: Uint8Array | undefined;
}

/**
 * The entity's Standard Schema validator (`@Entity({ validate })`) refused an entity: on a write nothing was sent;
 * on a read (`validateOnRead`) the row goes through the query's decode-error policy like a row that does not
 * decode. `issues` are the validator's, with their property paths.
 *
 * @example
 * ```ts
 * try { await devices.save(device); }
 * catch (e) { if (e instanceof ValidationError) for (const i of e.issues) console.log(i.path.join('.'), i.message); }
 * ```
 */
export class ValidationError extends BigtableMapperError {
  readonly entity: string;
  readonly operation: ValidationErrorDetails['operation'];
  readonly issues: readonly ValidationIssue[];
  /** The row key of a row that was read; undefined for a write. */
  readonly key: Uint8Array | undefined;

  constructor(details: ValidationErrorDetails, cause?: unknown) {
    const listed = details.issues
      .slice(0, 5)
      .map((i) => (i.path.length === 0 ? i.message : `${i.path.map(String).join('.')}: ${i.message}`))
      .join('; ');
    const more = details.issues.length > 5 ? `; and ${details.issues.length - 5} more` : '';
    const row = details.key === undefined ? '' : ` in row "${printableKey(details.key)}"`;
    super(
      'VALIDATION',
      `${details.entity}${row}: ${details.operation} refused by the entity's validator: ${listed}${more}`,
      { cause },
    );
    this.entity = details.entity;
    this.operation = details.operation;
    this.issues = Object.freeze(
      details.issues.map((i) => Object.freeze({ ...i, path: Object.freeze([...i.path]) })),
    );
    this.key = details.key;
  }
}
