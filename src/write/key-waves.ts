/**
 * A row key as a string that identifies it exactly (one char per byte), for sets and maps of keys.
 *
 * @example
 * ```ts
 * new Set([keyText(Uint8Array.of(0x61, 0xff))]).has('a\u00ff'); // true
 * ```
 */
export function keyText(key: Uint8Array): string {
  // Keys are Buffers on the write path: a second Buffer view per key was a third of a large saveMany's key waves.
  if (Buffer.isBuffer(key)) return key.toString('latin1');
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('latin1');
}

/**
 * Splits the positions of `keys` into waves so that a key repeated in the input is written in input order: wave 0
 * holds the first occurrence of every key, wave 1 the second ones, and so on (each wave in input order). A batch
 * sends a wave only after the previous one has settled, so no write of a key is ever in flight beside an earlier
 * one of the same key (MutateRows requests run concurrently and Bigtable does not order the entries of one
 * request). Without a repeated key there is one wave: every position.
 *
 * @example
 * ```ts
 * keyWaves([a, b, a, a]); // [[0, 1], [2], [3]]
 * ```
 */
export function keyWaves(keys: readonly Uint8Array[]): number[][] {
  const seen = new Map<string, number>();
  const waves: number[][] = [[]];
  for (let index = 0; index < keys.length; index++) {
    const text = keyText(keys[index]!);
    const wave = seen.get(text) ?? 0;
    seen.set(text, wave + 1);
    (waves[wave] ??= []).push(index);
  }
  return waves;
}
