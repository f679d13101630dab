import type { CounterOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * An int64 counter cell (8-byte big-endian), changed only with ReadModifyWriteRow increments; a save never
 * writes it. Reads as `bigint` (or `number` with `as: 'number'`); a missing cell reads as 0.
 *
 * @example
 * ```ts
 * @Counter({ family: 'stats' }) likes!: bigint;
 * ```
 */
export function Counter(options: CounterOptions) {
  return fieldDecorator('Counter', 'counter', options);
}
