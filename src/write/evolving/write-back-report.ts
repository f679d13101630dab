import type { RewriteOutcome } from './rewrite-row.js';

/**
 * What became of one write-back: the rewrite's outcome, or `deferred` when too many write-backs were already queued
 * (the row stays at its old version; a later read or a backfill migrates it).
 *
 * @example
 * ```ts
 * const report: WriteBackReport = { entity: 'User', key: Buffer.from('u1'), outcome: { kind: 'conflict' } };
 * ```
 */
export interface WriteBackReport {
  readonly entity: string;
  readonly key: Uint8Array;
  readonly outcome: RewriteOutcome | { readonly kind: 'deferred' };
}
