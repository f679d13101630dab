import { BigtableMapperError } from './bigtable-mapper-error.js';

/** What an {@link EntityHookError} is about. */
export interface EntityHookErrorDetails {
  /** Entity class name. */
  readonly entity: string;
  /** Which hook: `beforeSave` or `afterLoad`. */
  readonly hook: 'beforeSave' | 'afterLoad';
  /** The hook method's name. */
  readonly method: string;
  /** The call that ran the hook (`save`, `insert`, `saveMany`, `read`). */
  readonly operation: string;
  /** What went wrong, when it was not the hook throwing (e.g. an after-load hook returned a promise). */
  readonly problem?: string | undefined;
}

/**
 * An entity lifecycle hook (`@BeforeSave`, `@AfterLoad`) failed: it threw (its error is the `cause`), or an
 * after-load hook returned a promise (after-load hooks are synchronous). A before-save hook fails its call before
 * anything is sent; an after-load hook fails the read at the row it ran on.
 *
 * @example
 * ```ts
 * try { await devices.save(device); }
 * catch (e) { if (e instanceof EntityHookError) console.log(`${e.entity}.${e.method} failed`, e.cause); }
 * ```
 */
export class EntityHookError extends BigtableMapperError {
  /** Entity class name. */
  readonly entity: string;
  /** Which hook failed. */
  readonly hook: 'beforeSave' | 'afterLoad';
  /** The hook method's name. */
  readonly method: string;
  /** The call that ran the hook (`save`, `insert`, `saveMany`, `read`). */
  readonly operation: string;

  constructor(details: EntityHookErrorDetails, cause?: unknown) {
    const why =
      details.problem ??
      (cause instanceof Error ? `threw ${cause.name}: ${cause.message}` : `threw ${String(cause)}`);
    super(
      'ENTITY_HOOK_FAILED',
      `${details.entity}.${details.method} (${details.hook} hook of ${details.operation}) ${why}`,
      { cause },
    );
    this.entity = details.entity;
    this.hook = details.hook;
    this.method = details.method;
    this.operation = details.operation;
  }
}
