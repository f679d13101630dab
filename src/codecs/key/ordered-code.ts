import { checkBytes } from '../../errors/check-argument.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';

/**
 * Google's OrderedCode primitives (the C++/Go `orderedcode` library, which Bigtable's `Int64.OrderedCodeBytes`
 * field encoding reuses). Every encoding sorts bytewise in value order; `decreasing` is the bitwise NOT of
 * `increasing` and sorts in reverse. Decoders read from an offset and return the next offset, so items can be
 * concatenated and read back in sequence. Malformed input throws {@link KeyEncodingError}.
 */

/**
 * Sort direction of an OrderedCode item.
 *
 * @example
 * ```ts
 * orderedCode.encodeUint64(1n, 'decreasing' satisfies OrderedCodeDirection); // fe fe
 * ```
 */
export type OrderedCodeDirection = 'increasing' | 'decreasing';

/**
 * A decoded item and the offset just after it.
 *
 * @example
 * ```ts
 * const { value, next }: OrderedCodeRead<bigint> = orderedCode.decodeInt64(bytes, offset);
 * ```
 */
export interface OrderedCodeRead<T> {
  readonly value: T;
  readonly next: number;
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

function corrupt(kind: string, input: Uint8Array, offset: number, why: string): KeyEncodingError {
  return new KeyEncodingError({
    entity: 'orderedcode',
    field: kind,
    value: input.subarray(offset),
    limit: `a valid ${kind} encoding at offset ${offset}: ${why}`,
  });
}

function outOfRange(kind: string, value: unknown, limit: string): KeyEncodingError {
  return new KeyEncodingError({ entity: 'orderedcode', field: kind, value, limit });
}

function invertInPlace(bytes: Uint8Array, direction: OrderedCodeDirection): Uint8Array {
  if (direction === 'decreasing') for (let i = 0; i < bytes.length; i++) bytes[i] = ~bytes[i]! & 0xff;
  return bytes;
}

function maskOf(direction: OrderedCodeDirection): number {
  return direction === 'decreasing' ? 0xff : 0x00;
}

function encodeString(value: Uint8Array, direction: OrderedCodeDirection = 'increasing'): Uint8Array {
  let escapes = 0;
  for (const b of value) if (b === 0x00 || b === 0xff) escapes++;
  const out = new Uint8Array(value.length + escapes + 2);
  let j = 0;
  for (const b of value) {
    out[j++] = b;
    if (b === 0x00) out[j++] = 0xff;
    else if (b === 0xff) out[j++] = 0x00;
  }
  out[j++] = 0x00;
  out[j] = 0x01;
  return invertInPlace(out, direction);
}

function decodeString(
  input: Uint8Array,
  offset = 0,
  direction: OrderedCodeDirection = 'increasing',
): OrderedCodeRead<Uint8Array> {
  const mask = maskOf(direction);
  const out: number[] = [];
  let i = offset;
  for (;;) {
    if (i >= input.length) throw corrupt('string', input, offset, 'missing terminator 00 01');
    const b = input[i]! ^ mask;
    if (b !== 0x00 && b !== 0xff) {
      out.push(b);
      i++;
      continue;
    }
    if (i + 1 >= input.length) throw corrupt('string', input, offset, `byte ${b} at ${i} is not followed`);
    const c = input[i + 1]! ^ mask;
    if (b === 0x00 && c === 0x01) return { value: Uint8Array.from(out), next: i + 2 };
    if (b === 0x00 && c === 0xff) out.push(0x00);
    else if (b === 0xff && c === 0x00) out.push(0xff);
    else throw corrupt('string', input, offset, `invalid escape at ${i}`);
    i += 2;
  }
}

/** Number of bytes of the signed encoding of a non-negative value: smallest n with x < 2^(7n-1). */
function signedLength(x: bigint): number {
  let n = 1;
  while (n < 10 && x >= 1n << BigInt(7 * n - 1)) n++;
  return n;
}

function encodeInt64(value: bigint, direction: OrderedCodeDirection = 'increasing'): Uint8Array {
  if (typeof value !== 'bigint' || value < INT64_MIN || value > INT64_MAX)
    throw outOfRange('int64', value, 'a bigint in [-2^63, 2^63-1]');
  // Negative values are the bitwise NOT of the encoding of ~v (= -v-1 ≥ 0), which mirrors the order.
  const negative = value < 0n;
  let x = negative ? ~value : value;
  const n = signedLength(x);
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  // Header: n leading one bits, then the zero bit that x < 2^(7n-1) already guarantees.
  for (let bit = 0; bit < n; bit++) out[bit >> 3]! |= 0x80 >> (bit & 7);
  if (negative !== (direction === 'decreasing')) for (let i = 0; i < n; i++) out[i] = ~out[i]! & 0xff;
  return out;
}

function decodeInt64(
  input: Uint8Array,
  offset = 0,
  direction: OrderedCodeDirection = 'increasing',
): OrderedCodeRead<bigint> {
  if (offset >= input.length) throw corrupt('int64', input, offset, 'no bytes');
  const first = input[offset]! ^ maskOf(direction);
  const negative = (first & 0x80) === 0;
  const mask = maskOf(direction) ^ (negative ? 0xff : 0x00);
  const b0 = input[offset]! ^ mask;
  let n: number;
  if (b0 !== 0xff) {
    n = Math.clz32(~b0 & 0xff) - 24;
  } else {
    if (offset + 1 >= input.length) throw corrupt('int64', input, offset, 'truncated length header');
    const b1 = input[offset + 1]! ^ mask;
    n = 8 + Math.clz32(~b1 & 0xff) - 24;
    if (n > 10) throw corrupt('int64', input, offset, 'length header longer than 10 bytes');
  }
  if (offset + n > input.length) throw corrupt('int64', input, offset, `needs ${n} bytes`);
  let x = 0n;
  for (let i = 0; i < n; i++) x = (x << 8n) | BigInt(input[offset + i]! ^ mask);
  const payloadBits = BigInt(7 * n - 1);
  x &= (1n << payloadBits) - 1n;
  if (x > INT64_MAX) throw corrupt('int64', input, offset, 'value outside int64');
  // A shorter encoding exists for smaller values; accepting it would break byte order = value order.
  if (n > 1 && x < 1n << BigInt(7 * (n - 1) - 1))
    throw corrupt('int64', input, offset, 'non-canonical length');
  return { value: negative ? ~x : x, next: offset + n };
}

function encodeUint64(value: bigint, direction: OrderedCodeDirection = 'increasing'): Uint8Array {
  if (typeof value !== 'bigint' || value < 0n || value > UINT64_MAX)
    throw outOfRange('uint64', value, 'a bigint in [0, 2^64-1]');
  const bytes: number[] = [];
  for (let x = value; x > 0n; x >>= 8n) bytes.unshift(Number(x & 0xffn));
  return invertInPlace(Uint8Array.from([bytes.length, ...bytes]), direction);
}

function decodeUint64(
  input: Uint8Array,
  offset = 0,
  direction: OrderedCodeDirection = 'increasing',
): OrderedCodeRead<bigint> {
  const mask = maskOf(direction);
  if (offset >= input.length) throw corrupt('uint64', input, offset, 'no bytes');
  const n = input[offset]! ^ mask;
  if (n > 8) throw corrupt('uint64', input, offset, `length ${n} > 8`);
  if (offset + 1 + n > input.length) throw corrupt('uint64', input, offset, `needs ${n} value bytes`);
  let x = 0n;
  for (let i = 1; i <= n; i++) x = (x << 8n) | BigInt(input[offset + i]! ^ mask);
  return { value: x, next: offset + 1 + n };
}

function float64ToOrderedInt(value: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const i = view.getBigInt64(0);
  // Negative floats sort in reverse of their bit patterns; MIN - i flips them below zero in the right order.
  return i < 0n ? INT64_MIN - i : i;
}

function encodeFloat64(value: number, direction: OrderedCodeDirection = 'increasing'): Uint8Array {
  return encodeInt64(float64ToOrderedInt(value), direction);
}

function decodeFloat64(
  input: Uint8Array,
  offset = 0,
  direction: OrderedCodeDirection = 'increasing',
): OrderedCodeRead<number> {
  const { value, next } = decodeInt64(input, offset, direction);
  const view = new DataView(new ArrayBuffer(8));
  view.setBigInt64(0, value < 0n ? INT64_MIN - value : value);
  return { value: view.getFloat64(0), next };
}

function encodeInfinity(direction: OrderedCodeDirection = 'increasing'): Uint8Array {
  return invertInPlace(Uint8Array.of(0xff, 0xff), direction);
}

function decodeInfinity(
  input: Uint8Array,
  offset = 0,
  direction: OrderedCodeDirection = 'increasing',
): OrderedCodeRead<typeof Infinity> {
  const mask = maskOf(direction);
  if (offset + 2 > input.length || (input[offset]! ^ mask) !== 0xff || (input[offset + 1]! ^ mask) !== 0xff) {
    throw corrupt('infinity', input, offset, 'expected ff ff');
  }
  return { value: Infinity, next: offset + 2 };
}

function encodeTrailingString(value: Uint8Array, direction: OrderedCodeDirection = 'increasing'): Uint8Array {
  return invertInPlace(Uint8Array.from(value), direction);
}

function decodeTrailingString(
  input: Uint8Array,
  offset = 0,
  direction: OrderedCodeDirection = 'increasing',
): OrderedCodeRead<Uint8Array> {
  // A copy even from a Buffer (whose slice shares memory): the value is inverted in place and must not alias input.
  return {
    value: invertInPlace(new Uint8Array(input.subarray(offset)), direction),
    next: input.length,
  };
}

/**
 * The OrderedCode encoders and decoders (see {@link orderedCode}). Every decoder reads one item at `offset`
 * (default 0) and returns it with the offset of the next item.
 *
 * @example
 * ```ts
 * const codec: OrderedCode = orderedCode;
 * codec.decodeInt64(codec.encodeInt64(-65n)).value; // -65n
 * ```
 */
export interface OrderedCode {
  encodeString(value: Uint8Array, direction?: OrderedCodeDirection): Uint8Array;
  decodeString(
    input: Uint8Array,
    offset?: number,
    direction?: OrderedCodeDirection,
  ): OrderedCodeRead<Uint8Array>;
  encodeInt64(value: bigint, direction?: OrderedCodeDirection): Uint8Array;
  decodeInt64(input: Uint8Array, offset?: number, direction?: OrderedCodeDirection): OrderedCodeRead<bigint>;
  encodeUint64(value: bigint, direction?: OrderedCodeDirection): Uint8Array;
  decodeUint64(input: Uint8Array, offset?: number, direction?: OrderedCodeDirection): OrderedCodeRead<bigint>;
  encodeFloat64(value: number, direction?: OrderedCodeDirection): Uint8Array;
  decodeFloat64(
    input: Uint8Array,
    offset?: number,
    direction?: OrderedCodeDirection,
  ): OrderedCodeRead<number>;
  encodeInfinity(direction?: OrderedCodeDirection): Uint8Array;
  decodeInfinity(
    input: Uint8Array,
    offset?: number,
    direction?: OrderedCodeDirection,
  ): OrderedCodeRead<number>;
  encodeTrailingString(value: Uint8Array, direction?: OrderedCodeDirection): Uint8Array;
  decodeTrailingString(
    input: Uint8Array,
    offset?: number,
    direction?: OrderedCodeDirection,
  ): OrderedCodeRead<Uint8Array>;
}

/**
 * OrderedCode encoders and decoders, byte-exact with Google's `orderedcode`:
 * - `string`: bytes with 00 → 00 FF and FF → FF 00, then the terminator 00 01;
 * - `int64`: signed variable length, 1–10 bytes, -64..63 in one byte (`v ^ 0x80`);
 * - `uint64`: a length byte (0–8) and the big-endian value without leading zeros;
 * - `float64`: the IEEE bits mapped onto `int64` so that they sort numerically (-0 encodes as +0);
 * - `infinity`: FF FF, after every string; `trailingString`: raw bytes, only as the last item.
 *
 * Decoders reject non-canonical int64 lengths, since a longer-than-needed encoding would sort out of value order.
 *
 * @example
 * ```ts
 * orderedCode.encodeInt64(64n);                 // Uint8Array [0xc0, 0x40]
 * orderedCode.decodeInt64(Uint8Array.of(0x7f)); // { value: -1n, next: 1 }
 * orderedCode.encodeString(Uint8Array.of(0x00), 'decreasing'); // ff 00 ff fe
 * ```
 */
export const orderedCode: OrderedCode = Object.freeze({
  encodeString: (value: Uint8Array, direction?: OrderedCodeDirection) =>
    encodeString(bytesArgument('encodeString', value), directionArgument('encodeString', direction)),
  decodeString: (input: Uint8Array, offset?: number, direction?: OrderedCodeDirection) =>
    decodeString(...readArguments('decodeString', input, offset, direction)),
  encodeInt64: (value: bigint, direction?: OrderedCodeDirection) =>
    encodeInt64(value, directionArgument('encodeInt64', direction)),
  decodeInt64: (input: Uint8Array, offset?: number, direction?: OrderedCodeDirection) =>
    decodeInt64(...readArguments('decodeInt64', input, offset, direction)),
  encodeUint64: (value: bigint, direction?: OrderedCodeDirection) =>
    encodeUint64(value, directionArgument('encodeUint64', direction)),
  decodeUint64: (input: Uint8Array, offset?: number, direction?: OrderedCodeDirection) =>
    decodeUint64(...readArguments('decodeUint64', input, offset, direction)),
  encodeFloat64: (value: number, direction?: OrderedCodeDirection) => {
    if (typeof value !== 'number')
      throw new InvalidArgumentError({
        api: 'orderedCode.encodeFloat64',
        argument: 'value',
        value,
        expected: 'a number',
      });
    return encodeFloat64(value, directionArgument('encodeFloat64', direction));
  },
  decodeFloat64: (input: Uint8Array, offset?: number, direction?: OrderedCodeDirection) =>
    decodeFloat64(...readArguments('decodeFloat64', input, offset, direction)),
  encodeInfinity: (direction?: OrderedCodeDirection) =>
    encodeInfinity(directionArgument('encodeInfinity', direction)),
  decodeInfinity: (input: Uint8Array, offset?: number, direction?: OrderedCodeDirection) =>
    decodeInfinity(...readArguments('decodeInfinity', input, offset, direction)),
  encodeTrailingString: (value: Uint8Array, direction?: OrderedCodeDirection) =>
    encodeTrailingString(
      bytesArgument('encodeTrailingString', value),
      directionArgument('encodeTrailingString', direction),
    ),
  decodeTrailingString: (input: Uint8Array, offset?: number, direction?: OrderedCodeDirection) =>
    decodeTrailingString(...readArguments('decodeTrailingString', input, offset, direction)),
});

// The public object checks its arguments (a string where bytes go would be encoded as garbage, a bad direction
// silently read as 'increasing'); the functions above trust theirs.
function bytesArgument(name: string, value: unknown): Uint8Array {
  checkBytes({ api: `orderedCode.${name}`, argument: 'value' }, value);
  return value;
}

function directionArgument(name: string, direction: unknown): OrderedCodeDirection {
  if (direction === undefined) return 'increasing';
  if (direction !== 'increasing' && direction !== 'decreasing')
    throw new InvalidArgumentError({
      api: `orderedCode.${name}`,
      argument: 'direction',
      value: direction,
      expected: "'increasing' or 'decreasing'",
    });
  return direction;
}

function readArguments(
  name: string,
  input: unknown,
  offset: unknown,
  direction: unknown,
): [Uint8Array, number, OrderedCodeDirection] {
  checkBytes({ api: `orderedCode.${name}`, argument: 'input' }, input);
  const at = offset ?? 0;
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at < 0 || at > input.length)
    throw new InvalidArgumentError({
      api: `orderedCode.${name}`,
      argument: 'offset',
      value: offset,
      expected: `a whole number from 0 to the input's length ${input.length}`,
    });
  return [input, at, directionArgument(name, direction)];
}
