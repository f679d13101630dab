/**
 * A value as JSON-safe data for output: bigint → decimal string, Date → ISO string, bytes → base64 string, Map →
 * object (keys as strings), Set → array; plain objects and arrays recursively. Functions and undefined are dropped.
 *
 * @example
 * ```ts
 * jsonValue({ n: 5n, at: new Date(0), tags: new Set(['a']) }); // { n: '5', at: '1970-01-01T00:00:00.000Z', tags: ['a'] }
 * ```
 */
export function jsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([k, v]) => [String(jsonValue(k)), jsonValue(v)]));
  if (value instanceof Set) return [...value].map(jsonValue);
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined && typeof v !== 'function')
        .map(([k, v]) => [k, jsonValue(v)]),
    );
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value;
}

/**
 * A value as one short cell of a text table: strings as they are, everything else as compact JSON.
 *
 * @example
 * ```ts
 * cellText(5n); // '5'
 * ```
 */
export function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  const json = jsonValue(value);
  return typeof json === 'string' ? json : JSON.stringify(json);
}
