import { checkObject, checkOptions } from '../../errors/check-argument.js';
import type { ProtobufConversionOptions, ProtobufMessageType } from './protobuf-message-type.js';
import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure, plainBytes } from './codec-failure.js';
import { checkProtobufObject, ProtobufValueProblem } from './protobuf-object-check.js';

/**
 * Options of {@link protobufCodec}.
 *
 * @example
 * ```ts
 * protobufCodec(ReadingType, { output: 'message' });
 * ```
 */
export interface ProtobufCodecOptions {
  /**
   * What `decode` returns. `object` (default): a plain object from `Type.toObject` with {@link PROTOBUF_OBJECT_OPTIONS};
   * `message`: the protobufjs message instance.
   */
  readonly output?: 'object' | 'message';
  /** Overrides the `toObject` conversion options when `output` is `object`. */
  readonly toObject?: ProtobufConversionOptions;
}

/**
 * How decoded messages are turned into plain objects by default, chosen so that a value read back deep-equals the
 * value written in its canonical form: 64-bit integers as decimal strings (exact, unlike `number`), enums by name,
 * bytes as Uint8Array, fields not on the wire left out. protobufjs writes every field the object sets, even to its
 * default value, so such fields come back; only empty repeated and map fields (which have no wire form) vanish.
 *
 * @example
 * ```ts
 * ReadingType.toObject(message, PROTOBUF_OBJECT_OPTIONS);
 * ```
 */
export const PROTOBUF_OBJECT_OPTIONS: ProtobufConversionOptions = Object.freeze({
  longs: String,
  enums: String,
  defaults: false,
  arrays: false,
  objects: false,
  oneofs: false,
});

const defaultCodecs = new WeakMap<ProtobufMessageType, ValueCodec<Record<string, unknown>>>();

function prepare(type: ProtobufMessageType): void {
  try {
    type.resolveAll();
  } catch (error) {
    // A reflection type built without a Root cannot resolve "features"; its fields still resolve one by one,
    // which is all encoding needs when they are scalars.
    if (type.parent !== null) throw error;
    for (const field of type.fieldsArray) field.resolve();
  }
}

// Node's Buffer does not deep-equal a Uint8Array; decoded objects promise plain Uint8Array like every codec.
function unbuffer(value: unknown): unknown {
  if (value instanceof Uint8Array) return value.constructor === Uint8Array ? value : plainBytes(value);
  if (Array.isArray(value)) return value.map(unbuffer);
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = unbuffer(v);
  }
  return value;
}

/**
 * One protobuf message per cell: the bytes are exactly `Type.encode(message).finish()`. `type` is a protobufjs
 * `Type` of any major (typed structurally, {@link ProtobufMessageType}), from `protobuf.loadSync('x.proto').lookupType('pkg.Msg')` or built by reflection. Encoding accepts a
 * message instance or a plain object, checked strictly (unknown fields, wrong types and out-of-range integers are
 * errors; int64 may be a number, decimal string or bigint). Decoding returns a plain object (see
 * {@link PROTOBUF_OBJECT_OPTIONS}) or, with `output: 'message'`, the message instance.
 *
 * @example
 * ```ts
 * const Point = new protobuf.Type('Point').add(new protobuf.Field('x', 1, 'sint64'));
 * protobufCodec(Point).decode(protobufCodec(Point).encode({ x: 5n })); // { x: '5' }
 * ```
 */
export function protobufCodec<T extends object = Record<string, unknown>>(
  type: ProtobufMessageType,
  options: ProtobufCodecOptions = {},
): ValueCodec<T> {
  checkObject({ api: 'Codecs.protobuf', argument: 'type' }, type, 'a protobufjs message Type');
  checkOptions({ api: 'Codecs.protobuf', argument: 'options' }, options);
  const isDefault = options.output === undefined && options.toObject === undefined;
  if (isDefault) {
    const cached = defaultCodecs.get(type);
    if (cached) return cached as unknown as ValueCodec<T>;
  }
  prepare(type);
  const name = `protobuf:${type.fullName.replace(/^\./, '')}`;
  const conversion = options.toObject ?? PROTOBUF_OBJECT_OPTIONS;
  const codec: ValueCodec<T> = Object.freeze({
    name,
    encode(value: T): Uint8Array {
      let message: object;
      try {
        const checked = checkProtobufObject(type, value);
        message = checked instanceof type.ctor ? checked : type.fromObject(checked);
      } catch (error) {
        const reason = error instanceof ProtobufValueProblem ? error.message : String(error);
        throw codecFailure(name, 'encode', value, `a valid ${type.name} message`, reason, error);
      }
      return plainBytes(type.encode(message).finish());
    },
    decode(bytes: Uint8Array): T {
      checkCellBytes(name, bytes);
      let message: object;
      try {
        // Decoding from a plain Uint8Array (not a Buffer) makes protobufjs return bytes fields as Uint8Array.
        message = type.decode(plainBytes(bytes));
      } catch (error) {
        throw codecFailure(name, 'decode', bytes, `an encoded ${type.name} message`, String(error), error);
      }
      if (options.output === 'message') return message as unknown as T;
      return unbuffer(type.toObject(message, conversion)) as T;
    },
  });
  if (isDefault) defaultCodecs.set(type, codec as unknown as ValueCodec<Record<string, unknown>>);
  return codec;
}
