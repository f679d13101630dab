/**
 * Freezes plain objects and arrays recursively. Codecs, classes, typed arrays (which cannot be frozen) and other
 * non-plain objects are left as they are.
 *
 * @example
 * ```ts
 * const meta = deepFreeze({ fields: [{ property: 'a' }] });
 * ```
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  Object.freeze(value);
  for (const item of Object.values(value as object)) deepFreeze(item);
  return value;
}
