import { builtinCodec } from '../codecs/value/codecs.js';
import { userCodec } from '../codecs/value/user-codec.js';
import type { UserCodec, ValueCodec } from '../codecs/value/value-codec.js';
import type { CodecRef } from './declaration-args.js';
import type { DesignType } from './declaration-records.js';
import { InternalError } from '../errors/internal-error.js';
import { formatValue } from '../errors/format-value.js';

const wrapped = new WeakMap<object, ValueCodec<unknown>>();

/**
 * The codec a reference stands for: a built-in by name, or a user object wrapped once (so errors become
 * `ValueEncodingError` and the same object always yields the same codec).
 *
 * @example
 * ```ts
 * resolveCodecRef('int64').name; // 'int64'
 * ```
 */
export function resolveCodecRef(ref: CodecRef): ValueCodec<unknown> {
  if (typeof ref === 'string') {
    const codec = builtinCodec(ref);
    // Declarations are validated before codecs are resolved, so an unknown name here is a bug of the SDK.
    if (!codec) throw new InternalError('resolveCodecRef', `unknown codec ${formatValue(ref)}`);
    return codec;
  }
  const name = (ref as { name?: unknown }).name;
  if (typeof name === 'string' && builtinCodec(name) === ref) return ref as ValueCodec<unknown>;
  let codec = wrapped.get(ref);
  if (!codec) {
    codec = userCodec(ref as UserCodec<unknown>);
    wrapped.set(ref, codec);
  }
  return codec;
}

function typeName(type: DesignType): string {
  return type.name || 'an anonymous type';
}

const INFERRED: ReadonlyArray<readonly [DesignType, string]> = [
  [String, 'string'],
  [Number, 'float64'],
  [Boolean, 'boolean'],
  [BigInt as unknown as DesignType, 'int64'],
  [Date, 'date'],
  [Uint8Array, 'bytes'],
  [Buffer, 'bytes'],
];

/**
 * The codec inferred from an emitted `design:type`, for the obvious scalars only: String → string,
 * Number → float64 (a JS number is a double), Boolean → boolean, BigInt → int64, Date → date,
 * Uint8Array/Buffer → bytes. Anything else (or no design type) yields an explanation instead.
 *
 * @example
 * ```ts
 * inferCodec(String); // { codec: stringCodec }
 * inferCodec(undefined); // { problem: 'codec is required: ...' }
 * ```
 */
export function inferCodec(
  designType: DesignType | undefined,
): { readonly codec: ValueCodec<unknown> } | { readonly problem: string } {
  if (designType === undefined)
    return {
      problem:
        "codec is required: no design:type metadata (emitDecoratorMetadata is off, the build tool drops it, or the class uses standard decorators, which never have it), so nothing can be inferred: name it, e.g. codec: 'string'",
    };
  const hit = INFERRED.find(([type]) => type === designType);
  const codec = hit ? builtinCodec(hit[1]) : undefined;
  if (codec) return { codec };
  return {
    problem: `codec is required: design:type ${typeName(designType)} does not name an obvious scalar`,
  };
}

const COMPATIBLE: Readonly<Record<string, readonly DesignType[]>> = {
  string: [String],
  int64: [BigInt as unknown as DesignType],
  int64AsNumber: [Number],
  float64: [Number],
  boolean: [Boolean],
  date: [Date],
  bytes: [Uint8Array, Buffer],
};
const CHECKED = new Set<DesignType>([
  String,
  Number,
  Boolean,
  BigInt as unknown as DesignType,
  Date,
  Uint8Array,
  Buffer,
  Map,
  Set,
  Array,
]);

/**
 * When `design:type` is emitted and is one of the well-known constructors, checks that it agrees with the value
 * the codec produces; catches e.g. a `number` property on an int64 (bigint) codec, which would otherwise only
 * surface at runtime. Returns the problem, or undefined.
 *
 * @example
 * ```ts
 * designTypeMismatch('int64', Number); // 'design:type is Number but codec int64 produces bigint'
 * ```
 */
export function designTypeMismatch(
  codecName: string,
  designType: DesignType | undefined,
  expected?: readonly DesignType[],
): string | undefined {
  if (designType === undefined || !CHECKED.has(designType)) return undefined;
  const allowed = expected ?? COMPATIBLE[codecName];
  if (allowed === undefined || allowed.includes(designType)) return undefined;
  return `design:type is ${typeName(designType)} but ${codecName} produces ${allowed.map(typeName).join(' or ')}`;
}
