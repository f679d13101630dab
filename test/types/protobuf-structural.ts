// Type tests, compiled by `tsc --noEmit` and never run: the protobuf options accept any object with the members of a
// protobufjs Type the SDK uses (a Type of protobufjs 7, 8 or a later major), not only this package's protobufjs.
import protobuf from 'protobufjs';
import { Codecs, ProtobufColumn } from '../../decorators/index.js';
import type { ProtobufColumnOptions, ProtobufMessageType } from '../../decorators/index.js';
import type { ProtobufCodecOptions } from '../../src/index.js';

/** A message type as another copy of protobufjs would declare it: a class of its own, structurally compatible. */
declare class OtherMajorType {
  name: string;
  readonly fullName: string;
  parent: { readonly name: string } | null;
  fields: { [k: string]: OtherMajorField };
  readonly fieldsArray: OtherMajorField[];
  oneofs: { [k: string]: { readonly name: string } };
  ctor: new (...params: unknown[]) => object;
  resolveAll(): this;
  encode(message: { [k: string]: unknown }, writer?: unknown): { finish(): Uint8Array; len: number };
  decode(reader: Uint8Array | { buf: Uint8Array }, length?: number): { $type: OtherMajorType };
  verify(message: { [k: string]: unknown }): string | null;
  fromObject(object: { [k: string]: unknown }): { $type: OtherMajorType };
  toObject(
    message: { $type: OtherMajorType },
    options?: { longs?: typeof String; defaults?: boolean },
  ): { [k: string]: unknown };
}
declare class OtherMajorField {
  name: string;
  type: string;
  map: boolean;
  repeated: boolean;
  resolvedType: OtherMajorType | { name: string; values: { [k: string]: number } } | null;
  resolve(): this;
}

declare const other: OtherMajorType;
export const fromOtherMajor: ProtobufMessageType = other;
export const column: ProtobufColumnOptions = { family: 'd', type: other };
export const codec = Codecs.protobuf(other, {
  output: 'object',
  toObject: { longs: String, defaults: true },
});
export const options: ProtobufCodecOptions = { toObject: { enums: String, bytes: Array } };

// This package's own protobufjs Type is one too.
export const own: ProtobufMessageType = new protobuf.Type('Point').add(new protobuf.Field('x', 1, 'sint64'));

// Something that is not a message type is refused.
// @ts-expect-error: a plain object lacks encode/decode/fields
export const notAType: ProtobufColumnOptions = { family: 'd', type: { name: 'Point' } };

export class Holder {
  @ProtobufColumn({ family: 'd', type: other }) payload!: Record<string, unknown>;
}
