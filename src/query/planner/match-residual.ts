import { InternalError } from '../../errors/internal-error.js';
import { formatValue } from '../../errors/format-value.js';
import { compareBytes, hasPrefix } from '../../codecs/key/bytes.js';
import type { ResidualCondition } from '../nodes/residual-node.js';

/**
 * Orders two property values of the same kind: numbers and bigints numerically, Dates by time, strings by code
 * point (= UTF-8 byte order, as Bigtable orders them), bytes lexicographically, false before true.
 *
 * @example
 * ```ts
 * compareValues('é', 'z'); // 1 (U+00E9 > U+007A)
 * ```
 */
export function compareValues(a: unknown, b: unknown): number {
  if (a instanceof Date && b instanceof Date) return Math.sign(a.getTime() - b.getTime());
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) {
    if (Number.isInteger(a) || typeof a === 'bigint') {
      if (Number.isInteger(b) || typeof b === 'bigint') {
        const x = BigInt(a);
        const y = BigInt(b);
        return x < y ? -1 : x > y ? 1 : 0;
      }
    }
    return Math.sign(Number(a) - Number(b));
  }
  // The planner checks every condition value against the property's type, so this is a bug, not bad input.
  throw new InternalError('compareValues', `cannot compare ${formatValue(a)} with ${formatValue(b)}`);
}

/**
 * Whether a value satisfies a residual condition.
 *
 * @example
 * ```ts
 * matchesResidual({ property: 'n', op: 'between', values: [1, 3], equals: undefined }, 2); // true
 * ```
 */
export function matchesResidual(condition: ResidualCondition, actual: unknown): boolean {
  if (actual === undefined || actual === null) return false;
  const { values } = condition;
  const eq = (b: unknown): boolean =>
    condition.equals ? condition.equals(actual, b) : compareValues(actual, b) === 0;
  switch (condition.op) {
    case '=':
      return eq(values[0]);
    case '!=':
      return !eq(values[0]);
    case 'in':
      return values.some(eq);
    case '>':
      return compareValues(actual, values[0]) > 0;
    case '>=':
      return compareValues(actual, values[0]) >= 0;
    case '<':
      return compareValues(actual, values[0]) < 0;
    case '<=':
      return compareValues(actual, values[0]) <= 0;
    case 'between':
      return compareValues(actual, values[0]) >= 0 && compareValues(actual, values[1]) <= 0;
    case 'startsWith':
      if (typeof actual === 'string') return actual.startsWith(values[0] as string);
      return actual instanceof Uint8Array && hasPrefix(actual, values[0] as Uint8Array);
  }
}
