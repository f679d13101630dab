import { checkMilliseconds, checkSignal } from '../../errors/check-argument.js';
import { QueryError } from '../../errors/query-error.js';
import type { ConditionOp } from '../nodes/query-node.js';

/**
 * The argument checks of the query builders' steps (Query, CollectionQuery, Lookup), made at the step so that a
 * bad argument is refused where it was written: a QueryError for what shapes the read, an InvalidArgumentError
 * for how it runs (signal, deadline).
 *
 * @example
 * ```ts
 * checkConditionOp('Device', 'status', '~'); // QueryError
 * ```
 */
const OPS: ReadonlySet<string> = new Set<ConditionOp>([
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'between',
  'startsWith',
  'in',
]);

const MODES: ReadonlySet<string> = new Set(['rows', 'count', 'exists']);

/** A step's property argument: a name (which one, and whether it exists, the planner checks). */
function checkPropertyName(entity: string, step: string, property: unknown): asserts property is string {
  if (typeof property !== 'string' || property.length === 0)
    throw new QueryError({ entity, property: step, value: property, problem: 'the property must be a name' });
}

/** A condition's property name and operator. */
export function checkCondition(entity: string, property: unknown, op: unknown): void {
  checkPropertyName(entity, 'where', property);
  if (typeof op !== 'string' || !OPS.has(op))
    throw new QueryError({
      entity,
      property,
      value: op,
      problem: `unknown operator (one of ${[...OPS].join(' ')})`,
    });
}

/** The options of `entries()`: an object whose `members` is a list (a string is one member, not a list). */
export function checkEntriesOptions(entity: string, property: unknown, options: unknown): void {
  checkPropertyName(entity, 'entries', property);
  if (typeof options !== 'object' || options === null)
    throw new QueryError({ entity, property, value: options, problem: 'entries() takes an options object' });
  const { members } = options as { readonly members?: unknown };
  if (members !== undefined && !Array.isArray(members))
    throw new QueryError({ entity, property, value: members, problem: 'members must be an array of keys' });
}

/** A compile/explain mode. */
export function checkMode(entity: string, mode: unknown): void {
  if (typeof mode !== 'string' || !MODES.has(mode))
    throw new QueryError({
      entity,
      property: 'mode',
      value: mode,
      problem: `unknown mode (one of ${[...MODES].join(', ')})`,
    });
}

/** `.signal(s)`: an AbortSignal (`optional`: or undefined). */
export function checkStepSignal(api: string, signal: unknown, optional = false): void {
  if (signal === undefined && !optional) checkSignal({ api, argument: 'signal' }, null);
  checkSignal({ api, argument: 'signal' }, signal);
}

/** `.timeout(ms)`: a positive number of milliseconds. */
export function checkStepTimeout(api: string, ms: unknown): void {
  checkMilliseconds({ api, argument: 'ms' }, ms);
}

/** `.limit(n)` (`property` 'limit') or `.page(size)` ('page'): an integer ≥ 1. */
export function checkCount(entity: string, property: 'limit' | 'page', n: unknown): void {
  if (!Number.isSafeInteger(n) || (n as number) < 1)
    throw new QueryError({
      entity,
      property,
      value: n,
      problem: property === 'page' ? 'page size must be an integer ≥ 1' : 'must be an integer ≥ 1',
    });
}
