import type { ProtobufColumnOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * Stores one protobuf message in one cell (`Type.encode(message).finish()`). `type` is a protobufjs Type
 * (reflection or loaded), or a fully qualified name with the `.proto` `file` to load at resolution. The property
 * holds a plain object (int64 as decimal strings, enums by name, bytes as Uint8Array) or, with
 * `output: 'message'`, the message instance.
 *
 * @example
 * ```ts
 * @ProtobufColumn({ family: 'd', file: 'protos/telemetry.proto', type: 'telemetry.v1.Reading' }) reading!: Reading;
 * ```
 */
export function ProtobufColumn(options: ProtobufColumnOptions) {
  return fieldDecorator('ProtobufColumn', 'protobufColumn', options);
}
