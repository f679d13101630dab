/**
 * FNV-1a, 32 bits: the salt-bucket hash. Chosen because it is tiny, dependency-free, fully specified (offset basis
 * 0x811c9dc5, prime 0x01000193) and therefore reproducible in any language that must find a salted row.
 *
 * @example
 * ```ts
 * fnv1a32(new TextEncoder().encode('a')); // 0xe40c292c
 * ```
 */
export function fnv1a32(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (const b of bytes) {
    hash ^= b;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
