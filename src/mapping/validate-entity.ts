import type { StandardSchemaV1 } from '@standard-schema/spec';
import { isEntryChange } from './build-update-mutations.js';
import { ValidationError } from '../errors/validation-error.js';
import type { ValidationErrorDetails, ValidationIssue } from '../errors/validation-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';

type Verdict = StandardSchemaV1.Result<unknown>;
type WriteOperation = Exclude<ValidationErrorDetails['operation'], 'read'>;

function issuesOf(verdict: Verdict, keep?: ReadonlySet<PropertyKey>): ValidationIssue[] {
  const issues = (verdict.issues ?? []).map((issue) => ({
    message: issue.message,
    path: (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment)),
  }));
  return keep === undefined ? issues : issues.filter((i) => i.path.length > 0 && keep.has(i.path[0]!));
}

function settle(
  meta: EntityMetadata,
  value: unknown,
  operation: WriteOperation,
  keep?: ReadonlySet<PropertyKey>,
): Promise<void> | undefined {
  const validation = meta.validation;
  if (validation === undefined) return undefined;
  const refuse = (verdict: Verdict): void => {
    const issues = issuesOf(verdict, keep);
    if (issues.length > 0) throw new ValidationError({ entity: meta.name, operation, issues });
  };
  const verdict = validation.validate(value);
  if (verdict instanceof Promise) return verdict.then(refuse);
  refuse(verdict);
  return undefined;
}

/**
 * Runs the entity's validator (if it declares one) on an entity about to be written whole: throws (or, for an
 * asynchronous validator, resolves to a rejection with) a ValidationError listing the issues. A promise only when
 * the validator answered with one, so that synchronous validators keep batch preparation synchronous.
 *
 * @example
 * ```ts
 * await validateEntity(meta, device, 'save');
 * ```
 */
export function validateEntity(
  meta: EntityMetadata,
  entity: unknown,
  operation: WriteOperation,
): Promise<void> | undefined {
  return settle(meta, entity, operation);
}

/**
 * Runs the entity's validator on what an update writes: the key parts plus every property given as a whole value
 * (entry-level `{ put, remove }` changes of a Map/Set are not validated). The row is not read, so issues about
 * properties the update does not write, and issues about the entity as a whole (empty path), are ignored.
 *
 * @example
 * ```ts
 * await validateChanges(meta, { deviceId: 'x' }, { battery: -1 }); // ValidationError: battery: …
 * ```
 */
export function validateChanges(
  meta: EntityMetadata,
  key: object,
  changes: object,
): Promise<void> | undefined {
  if (meta.validation === undefined) return undefined;
  const written: Record<string, unknown> = { ...key };
  for (const [property, value] of Object.entries(changes)) {
    if (!isEntryChange(value)) written[property] = value;
  }
  return settle(meta, written, 'update', new Set(Object.keys(written)));
}

/**
 * Runs the validator of an entity with `validateOnRead` on an entity read whole; throws a ValidationError naming
 * the row. A validator that answers with a promise is refused here too (reads validate synchronously).
 *
 * @example
 * ```ts
 * validateReadEntity(meta, entity, row.key);
 * ```
 */
export function validateReadEntity(meta: EntityMetadata, entity: object, key: Uint8Array): void {
  const validation = meta.validation;
  if (validation === undefined || !validation.onRead) return;
  const verdict = validation.validate(entity);
  const issues: ValidationIssue[] =
    verdict instanceof Promise
      ? (verdict.catch(() => undefined),
        [{ message: 'validateOnRead needs a synchronous validator; this one returned a Promise', path: [] }])
      : issuesOf(verdict);
  if (issues.length > 0) throw new ValidationError({ entity: meta.name, operation: 'read', issues, key });
}
