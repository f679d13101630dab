import { resolve } from 'node:path';
import protobuf from 'protobufjs';

const roots = new Map<string, protobuf.Root>();

/**
 * Loads `.proto` files (paths relative to the working directory) once and looks a message type up by its fully
 * qualified name. The same files always give the same Root, so the same type yields the same codec.
 *
 * @example
 * ```ts
 * const Reading = loadProtobufType(['protos/telemetry.proto'], 'telemetry.v1.Reading');
 * ```
 */
export function loadProtobufType(files: readonly string[], typeName: string): protobuf.Type {
  const paths = files.map((f) => resolve(f));
  const key = paths.join('\0');
  let root = roots.get(key);
  if (!root) {
    root = protobuf.loadSync(paths);
    roots.set(key, root);
  }
  return root.lookupType(typeName);
}
