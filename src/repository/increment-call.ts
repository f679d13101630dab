import { incrementCounter } from '../write/increment-counter.js';
import { incrementCounterMap } from '../write/increment-counter-map.js';
import { keyedWrite } from './keyed-write.js';
import type { CallOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The body of `increment`: with a `@CounterMap` property, `by` is the amounts (a Map or `[key, amount]` pairs,
 * checked before anything is sent) of one ReadModifyWriteRow over several keys, answered with each key's new value;
 * otherwise one `@Counter` incremented by `by` (the property and amount are checked by the write, before it sends).
 *
 * @example
 * ```ts
 * const likes = await incrementCall(parts, { videoId: 'v1' }, 'likes', 1, {});
 * ```
 */
export function incrementCall<E extends object>(
  parts: RepositoryParts<E>,
  key: object,
  property: string,
  by: unknown,
  options: CallOptions,
): Promise<bigint | number | Map<unknown, unknown>> {
  return keyedWrite<E, bigint | number | Map<unknown, unknown>>(
    parts,
    'increment',
    key,
    options,
    (scoped) => {
      const field = parts.meta.fields.find((f) => f.property === property);
      if (field?.kind === 'map' && field.cells === 'counter') {
        const amounts = parts.check.entries('increment', by, property, 'amounts');
        return (t) => incrementCounterMap(t, scoped, field, amounts);
      }
      return (t) => incrementCounter(t, scoped, property, by as bigint | number);
    },
  );
}
