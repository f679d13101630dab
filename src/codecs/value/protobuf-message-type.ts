/**
 * The members of a protobufjs `Type` the SDK uses, as a structural type: a `Type` of any protobufjs major (7, 8, …)
 * is one, so the library's public types never tie users to the protobufjs version the SDK depends on.
 * Method parameters are declared as methods (checked bivariantly), so protobufjs' own signatures fit.
 *
 * @example
 * ```ts
 * import protobuf from 'protobufjs';
 * const Point: ProtobufMessageType = new protobuf.Type('Point').add(new protobuf.Field('x', 1, 'sint64'));
 * ```
 */
export interface ProtobufMessageType {
  readonly name: string;
  readonly fullName: string;
  readonly parent: object | null;
  readonly fields: { readonly [name: string]: ProtobufField };
  readonly fieldsArray: readonly ProtobufField[];
  readonly oneofs?: { readonly [name: string]: unknown } | undefined;
  readonly ctor: abstract new (...args: never[]) => unknown;
  resolveAll(): unknown;
  encode(message: object): { finish(): Uint8Array };
  decode(bytes: Uint8Array): object;
  verify(message: object): string | null;
  fromObject(object: Record<string, unknown>): object;
  toObject(message: object, options?: ProtobufConversionOptions): Record<string, unknown>;
}

/**
 * The members of a protobufjs `Field` the SDK uses (see {@link ProtobufMessageType}).
 *
 * @example
 * ```ts
 * const typeOf = (field: ProtobufField): string => field.type; // 'sint64'
 * ```
 */
export interface ProtobufField {
  readonly name: string;
  readonly type: string;
  readonly map: boolean;
  readonly repeated: boolean;
  readonly resolvedType: ProtobufMessageType | ProtobufEnum | null;
  resolve(): unknown;
}

/**
 * The members of a protobufjs `Enum` the SDK uses (see {@link ProtobufMessageType}).
 *
 * @example
 * ```ts
 * const names = (e: ProtobufEnum): string[] => Object.keys(e.values);
 * ```
 */
export interface ProtobufEnum {
  readonly name: string;
  readonly values: { readonly [name: string]: number };
}

/**
 * protobufjs' `IConversionOptions` (how `Type.toObject` converts a message), as a structural type: `longs: String`,
 * `enums: String`, `bytes: String` or `Array`, and the flags.
 *
 * @example
 * ```ts
 * const options: ProtobufConversionOptions = { longs: String, enums: String, defaults: true };
 * ```
 */
export interface ProtobufConversionOptions {
  readonly longs?: StringConstructor | NumberConstructor | (abstract new (...args: never[]) => unknown);
  readonly enums?: StringConstructor | NumberConstructor;
  readonly bytes?: StringConstructor | ArrayConstructor;
  readonly defaults?: boolean;
  readonly arrays?: boolean;
  readonly objects?: boolean;
  readonly oneofs?: boolean;
  readonly json?: boolean;
}

/**
 * Whether a value is a protobuf message type (of any protobufjs major): checked by its members, not by
 * `instanceof`, which a `Type` from another copy of protobufjs fails.
 *
 * @example
 * ```ts
 * isProtobufMessageType(new protobuf.Type('Point')); // true
 * ```
 */
export function isProtobufMessageType(value: unknown): value is ProtobufMessageType {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['fullName'] === 'string' &&
    typeof v['fields'] === 'object' &&
    Array.isArray(v['fieldsArray']) &&
    typeof v['encode'] === 'function' &&
    typeof v['decode'] === 'function' &&
    typeof v['toObject'] === 'function' &&
    typeof v['fromObject'] === 'function'
  );
}

/**
 * Whether a field's resolved type is an enum (of any protobufjs major).
 *
 * @example
 * ```ts
 * isProtobufEnum(field.resolvedType);
 * ```
 */
export function isProtobufEnum(value: unknown): value is ProtobufEnum {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Record<string, unknown>)['values'] === 'object' &&
    !isProtobufMessageType(value)
  );
}
