import { EntityHookError } from '../errors/entity-hook-error.js';
import type { EntityHookMetadata, EntityMetadata } from '../metadata/entity-metadata.js';

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function failed(
  meta: EntityMetadata,
  hook: EntityHookMetadata,
  operation: string,
  cause: unknown,
): EntityHookError {
  return new EntityHookError(
    { entity: meta.name, hook: 'beforeSave', method: hook.method, operation },
    cause,
  );
}

/** The before-save hooks from `from` on, awaiting the one that returned a promise before the next runs. */
async function runRest(
  meta: EntityMetadata,
  entity: object,
  operation: string,
  hooks: readonly EntityHookMetadata[],
  pending: PromiseLike<unknown>,
  from: number,
): Promise<void> {
  try {
    await pending;
  } catch (error) {
    throw failed(meta, hooks[from - 1]!, operation, error);
  }
  for (let i = from; i < hooks.length; i++) {
    const hook = hooks[i]!;
    try {
      await hook.run(entity);
    } catch (error) {
      throw failed(meta, hook, operation, error);
    }
  }
}

/**
 * Runs the entity's before-save hooks on `entity`, in order (each awaited when it returns a promise), before the
 * write is validated, encoded or sent. A hook that throws or rejects is an EntityHookError (its error the cause).
 * Returns undefined, with no asynchronous step, when no hook returned a promise.
 *
 * @example
 * ```ts
 * await runBeforeSave(meta, device, 'save');
 * ```
 */
export function runBeforeSave(
  meta: EntityMetadata,
  entity: object,
  operation: string,
): Promise<void> | undefined {
  const hooks = meta.hooks?.beforeSave;
  if (hooks === undefined) return undefined;
  for (let i = 0; i < hooks.length; i++) {
    const hook = hooks[i]!;
    let result: unknown;
    try {
      result = hook.run(entity);
    } catch (error) {
      throw failed(meta, hook, operation, error);
    }
    if (isThenable(result)) return runRest(meta, entity, operation, hooks, result, i + 1);
  }
  return undefined;
}

/**
 * Runs the entity's after-load hooks on an entity a read is about to return, in order. They are synchronous: one
 * that throws, or returns a promise, fails the read with EntityHookError.
 *
 * @example
 * ```ts
 * runAfterLoad(meta, device);
 * ```
 */
export function runAfterLoad(meta: EntityMetadata, entity: object): void {
  const hooks = meta.hooks?.afterLoad;
  if (hooks === undefined) return;
  for (const hook of hooks) {
    let result: unknown;
    try {
      result = hook.run(entity);
    } catch (error) {
      throw new EntityHookError(
        { entity: meta.name, hook: 'afterLoad', method: hook.method, operation: 'read' },
        error,
      );
    }
    if (isThenable(result)) {
      // An unawaited rejection would otherwise surface as an unhandled rejection.
      Promise.resolve(result).catch(() => undefined);
      throw new EntityHookError({
        entity: meta.name,
        hook: 'afterLoad',
        method: hook.method,
        operation: 'read',
        problem: 'returned a promise: after-load hooks are synchronous (reads hand rows on without waiting)',
      });
    }
  }
}
