/** An 8-byte big-endian signed integer (the format ReadModifyWriteRow increments), or `undefined`. */
function int64Of(bytes: Uint8Array): bigint | undefined {
  return bytes.length === 8 ? new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0) : undefined;
}

/**
 * Whether a column's sampled history is the one increments leave: ReadModifyWriteRow writes each new total as a
 * new version (the emulator and Bigtable keep it until GC collects it), so a row with several versions of one
 * 8-byte integer that never decreases from an older version to a newer one, and grows at least once, is a counter.
 * `histories` are the sampled versions per row, newest first. Returns the evidence, or `undefined` when the history
 * does not show it (a single version per row says nothing: a saved int64 column looks the same).
 *
 * @example
 * ```ts
 * const b = (n: bigint) => { const v = new Uint8Array(8); new DataView(v.buffer).setBigInt64(0, n); return v; };
 * counterEvidence([[b(3n), b(2n), b(1n)]]); // '1/1 sampled rows hold up to 3 versions of this 8-byte …'
 * ```
 */
export function counterEvidence(histories: readonly (readonly Uint8Array[])[]): string | undefined {
  const ints = histories.map((h) => h.map(int64Of));
  if (ints.some((h) => h.some((v) => v === undefined || v < 0n))) return undefined;
  const versioned = ints.filter((h) => h.length > 1) as bigint[][];
  if (versioned.length === 0) return undefined;
  const grows = versioned.every((h) => h.every((v, i) => i === 0 || h[i - 1]! >= v));
  const strictly = versioned.some((h) => h[0]! > h.at(-1)!);
  if (!grows || !strictly) return undefined;
  const most = Math.max(...versioned.map((h) => h.length));
  return (
    `${versioned.length}/${histories.length} sampled rows hold up to ${most} versions of this 8-byte big-endian ` +
    `integer, each newer version ≥ the older one (an increment history: ReadModifyWriteRow writes each new total ` +
    `as a version); a save never writes a counter: make it an int64 column if the application sets it`
  );
}
