import type { KeyRange } from '../../keys/index.js';
import { intersectKeyRanges } from '../../query/index.js';

/** At most this many stretches of the key space are sampled, each between split points. */
export const MAX_STRETCHES = 16;

/**
 * The stretches a key sample reads, in key order: the key ranges to sample (the entity's, or everything) cut at up
 * to 15 of the table's SampleRowKeys split points, evenly chosen, so that a big table is sampled along its whole
 * key space rather than only at its beginning. Stretches holding no key of the ranges are left out; a table with no
 * split point (a small table, the emulator) is one stretch.
 *
 * @example
 * ```ts
 * sampleStretches([Buffer.from('m'), Buffer.alloc(0)], [{}]); // [[{ end: 'm' open }], [{ start: 'm' closed }]]
 * ```
 */
export function sampleStretches(splits: readonly Uint8Array[], ranges: readonly KeyRange[]): KeyRange[][] {
  const points = splits.filter((key) => key.length > 0);
  const step = Math.max(1, Math.ceil(points.length / (MAX_STRETCHES - 1)));
  const bounds = points.filter((_, i) => (i + 1) % step === 0).slice(0, MAX_STRETCHES - 1);
  const within = ranges.length > 0 ? ranges : [{}];
  const stretches: KeyRange[] = bounds.map((key, i) => ({
    ...(i === 0 ? {} : { start: { key: bounds[i - 1]!, inclusive: true } }),
    end: { key, inclusive: false },
  }));
  stretches.push(bounds.length === 0 ? {} : { start: { key: bounds[bounds.length - 1]!, inclusive: true } });
  return stretches.map((stretch) => intersectKeyRanges(within, [stretch])).filter((r) => r.length > 0);
}
