/**
 * Turns one property value into the bytes of a cell (or a qualifier) and back. Codecs are pure and byte-exact:
 * `decode(encode(v))` equals `v`, and the bytes are the documented format, never an implementation detail.
 * Failures throw `ValueEncodingError`.
 *
 * @example
 * ```ts
 * const upper: ValueCodec<string> = {
 *   name: 'upper',
 *   encode: (v) => new TextEncoder().encode(v.toUpperCase()),
 *   decode: (b) => new TextDecoder().decode(b),
 * };
 * ```
 */
export interface ValueCodec<T> {
  /** Short stable name used in error messages and metadata dumps, e.g. `int64`. */
  readonly name: string;
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array): T;
}

/**
 * A codec written by a user: `encode`/`decode` are required, the name is optional (default `custom`).
 *
 * @example
 * ```ts
 * const csv: UserCodec<string[]> = { encode: (v) => Buffer.from(v.join(',')), decode: (b) => Buffer.from(b).toString().split(',') };
 * ```
 */
export interface UserCodec<T> {
  readonly name?: string;
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array): T;
}
