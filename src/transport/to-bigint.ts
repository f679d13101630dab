/**
 * Converts an int64 as the generated clients deliver it (protobufjs `Long`, number or decimal string) to bigint,
 * without passing through a lossy JS number.
 *
 * @example
 * ```ts
 * toBigInt('9223372036854775807'); // 9223372036854775807n
 * ```
 */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  if (typeof value === 'string') return BigInt(value);
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'object' && 'high' in value && 'low' in value) {
    const long = value as { high: number; low: number; unsigned?: boolean };
    const unsignedValue = (BigInt(long.high >>> 0) << 32n) | BigInt(long.low >>> 0);
    return long.unsigned ? unsignedValue : BigInt.asIntN(64, unsignedValue);
  }
  return BigInt(String(value));
}
