import { counterSet } from '../mapping/counter-operations.js';
import { rowKeyOf } from '../mapping/key-input.js';
import { blindWrite } from './settle-write.js';
import type { WriteTarget } from './write-target.js';

/**
 * Sets (resets) a `@Counter` property to `value` in one MutateRow: DeleteFromColumn, then a SetCell of the 8-byte
 * value at timestamp 0 (the body of `Repository.setCounter`). Needs no read and no existing row. Like the increments
 * it races, it leaves an evolving entity's schema-version token alone. A lost answer is settled by a read-back only
 * when the counter's newest cell is still the one set (nothing is re-sent over an increment that came after it).
 *
 * @example
 * ```ts
 * await setCounter(target, { videoId: 'v1' }, 'likes', 0);
 * ```
 */
export async function setCounter<E extends object>(
  target: WriteTarget<E>,
  key: object,
  property: string,
  value: bigint | number,
): Promise<void> {
  const mutations = counterSet(target.meta, property, value);
  await blindWrite(target, rowKeyOf(target.meta, key), mutations);
}
