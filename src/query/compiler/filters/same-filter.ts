/**
 * Structural equality of filters (or any of their parts): byte arrays by content, bigints by value, objects by
 * their defined keys. Two equal filters select the same cells; unequal ones may still do so (no normalisation).
 *
 * @example
 * ```ts
 * sameFilter({ cellsPerColumnLimit: 1 }, { cellsPerColumnLimit: 1 }); // true
 * ```
 */
export function sameFilter(a: unknown, b: unknown): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b) === 0;
  if (typeof a === 'bigint' || typeof b === 'bigint') return a === b;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameFilter((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
