import type { UserCodec, ValueCodec } from './value-codec.js';
import type { ProtobufCodecOptions } from './protobuf-codec.js';
import type { ProtobufMessageType } from './protobuf-message-type.js';
import { booleanCodec } from './boolean-codec.js';
import { bytesCodec } from './bytes-codec.js';
import { dateCodec } from './date-codec.js';
import { float64Codec } from './float64-codec.js';
import { int64AsNumberCodec, int64Codec } from './int64-codec.js';
import { jsonCodec } from './json-codec.js';
import { protobufCodec } from './protobuf-codec.js';
import { stringCodec } from './string-codec.js';
import { userCodec } from './user-codec.js';

/**
 * The value type each built-in codec name stands for.
 *
 * @example
 * ```ts
 * type Millis = BuiltinCodecTypes['date']; // Date
 * ```
 */
export interface BuiltinCodecTypes {
  string: string;
  int64: bigint;
  int64AsNumber: number;
  float64: number;
  boolean: boolean;
  date: Date;
  bytes: Uint8Array;
  json: unknown;
}

/**
 * Names accepted wherever a codec is expected, as shorthand for the codec objects in {@link Codecs}.
 *
 * @example
 * ```ts
 * const name: BuiltinCodecName = 'int64AsNumber';
 * ```
 */
export type BuiltinCodecName = keyof BuiltinCodecTypes;

const BUILTIN: { readonly [K in BuiltinCodecName]: ValueCodec<BuiltinCodecTypes[K]> } = Object.freeze({
  string: stringCodec,
  int64: int64Codec,
  int64AsNumber: int64AsNumberCodec,
  float64: float64Codec,
  boolean: booleanCodec,
  date: dateCodec,
  bytes: bytesCodec,
  json: jsonCodec,
});

/**
 * Every value codec of the SDK in one place. Byte formats: string UTF-8; int64 8-byte big-endian two's
 * complement (`bigint`, or `number` with `int64AsNumber`); float64 8-byte big-endian IEEE-754; boolean one byte
 * 00/01; date int64 milliseconds; bytes raw; json UTF-8 JSON; protobuf the encoded message.
 *
 * @example
 * ```ts
 * @Column({ family: 'd', codec: Codecs.int64 }) views!: bigint;
 * @Column({ family: 'd', codec: Codecs.json<Address>() }) address!: Address;
 * @Column({ family: 'd', codec: Codecs.protobuf(Payload) }) payload!: PayloadObject;
 * ```
 */
export const Codecs = Object.freeze({
  ...BUILTIN,
  /** JSON typed as `T` (the same codec as the `json` name; the type parameter is for the property). */
  json<T = unknown>(): ValueCodec<T> {
    return jsonCodec as ValueCodec<T>;
  },
  /** A protobufjs message type as one cell (see `protobufCodec`); the explicit type keeps the API report exact. */
  protobuf: protobufCodec as <T extends object = Record<string, unknown>>(
    type: ProtobufMessageType,
    options?: ProtobufCodecOptions,
  ) => ValueCodec<T>,
  /** A codec of your own, `{ encode, decode }`, with the SDK's error reporting (see `userCodec`). */
  custom: userCodec as <T>(codec: UserCodec<T>) => ValueCodec<T>,
});

/**
 * The built-in codec called `name`, or undefined.
 *
 * @example
 * ```ts
 * builtinCodec('int64')?.encode(1n);
 * ```
 */
export function builtinCodec(name: string): ValueCodec<unknown> | undefined {
  return Object.prototype.hasOwnProperty.call(BUILTIN, name)
    ? (BUILTIN[name as BuiltinCodecName] as ValueCodec<unknown>)
    : undefined;
}

/**
 * True when `value` has the shape of a codec (`encode` and `decode` functions).
 *
 * @example
 * ```ts
 * isCodecLike({ encode: () => new Uint8Array(), decode: () => 0 }); // true
 * ```
 */
export function isCodecLike(value: unknown): value is { encode: unknown; decode: unknown; name?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { encode?: unknown }).encode === 'function' &&
    typeof (value as { decode?: unknown }).decode === 'function'
  );
}

/**
 * The names of the built-in codecs (`codec: 'int64'` in declarations and families files), derived from the codecs.
 *
 * @example
 * ```ts
 * BUILTIN_CODEC_NAMES.includes('int64AsNumber'); // true
 * ```
 */
export const BUILTIN_CODEC_NAMES: readonly BuiltinCodecName[] = Object.freeze(
  Object.keys(BUILTIN) as BuiltinCodecName[],
);
