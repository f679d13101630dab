import { QueryError } from '../../errors/query-error.js';
import type { SkippedRowReporter } from './skipped-row.js';

/**
 * The skip reporter an `onDecodeError(policy, report)` step sets, for every read builder: undefined for `'throw'`,
 * `report` for `'skip'`; any other policy, or `'skip'` without a function, is a QueryError naming `entity`.
 *
 * @example
 * ```ts
 * const reporter = decodeErrorPolicy('Device', 'skip', (row) => console.log(row.key));
 * ```
 */
export function decodeErrorPolicy(
  entity: string,
  policy: 'throw' | 'skip',
  report: SkippedRowReporter | undefined,
): SkippedRowReporter | undefined {
  if (policy === 'throw') return undefined;
  if (policy !== 'skip')
    throw new QueryError({
      entity,
      property: 'onDecodeError',
      value: policy,
      problem: "the policy must be 'throw' or 'skip'",
    });
  if (typeof report !== 'function')
    throw new QueryError({
      entity,
      property: 'onDecodeError',
      value: report,
      problem: "'skip' needs a function that receives each skipped row (rows are never dropped silently)",
    });
  return report;
}
