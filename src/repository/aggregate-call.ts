import { addToAggregate } from '../write/add-to-aggregate.js';
import { addToAggregateMap } from '../write/add-to-aggregate-map.js';
import type { AggregateCallOptions } from '../write/write-options.js';
import { keyedWrite } from './keyed-write.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The body of `aggregate`: with an `@AggregateMap` property, `value` is the inputs (a Map or `[key, value]` pairs,
 * checked before anything is sent), one AddToCell per key in one MutateRow; otherwise one AddToCell into an
 * `@Aggregate` (the property and value are checked by the write, before it sends). Both in `options.bucket`, by
 * default the epoch.
 *
 * @example
 * ```ts
 * await aggregateCall(parts, { videoId: 'v1' }, 'views', 1, { bucket: new Date('2026-01-01') });
 * ```
 */
export function aggregateCall<E extends object>(
  parts: RepositoryParts<E>,
  key: object,
  property: string,
  value: unknown,
  options: AggregateCallOptions,
): Promise<void> {
  return keyedWrite(parts, 'aggregate', key, options, (scoped) => {
    // The bucket is read once the options are checked.
    const bucket = (): Date => options.bucket ?? new Date(0);
    const field = parts.meta.fields.find((f) => f.property === property);
    if (field?.kind === 'map' && field.cells === 'aggregate') {
      const inputs = parts.check.entries('aggregate', value, property, 'inputs');
      return (t) => addToAggregateMap(t, scoped, field, inputs, bucket());
    }
    return (t) => addToAggregate(t, scoped, property, value as bigint | number, bucket());
  });
}
