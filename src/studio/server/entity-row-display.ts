import type { EntityMetadata } from '../../metadata/public/index.js';
import { bytesDisplay } from './bytes-display.js';
import type { StudioContext } from './studio-context.js';
import { valueDisplay } from './value-display.js';

/**
 * One decoded row as `GET /api/rows` shows it: the key as bytes, the key parts and properties as display objects,
 * and, when writes are on, the token an edit posts back (`version`).
 */
export function entityRowDisplay(
  context: StudioContext,
  meta: EntityMetadata,
  key: Uint8Array,
  entity: object,
): object {
  const values = entity as Record<string, unknown>;
  return {
    key: bytesDisplay(key),
    keyParts: Object.fromEntries(meta.key.parts.map((p) => [p.property, valueDisplay(values[p.property])])),
    values: Object.fromEntries(
      meta.fields.map((f) => [
        f.property,
        valueDisplay(values[f.property], 'codec' in f ? f.codec.name : undefined),
      ]),
    ),
    // Rows are kept for edits only: a read-only studio holds no entity after answering.
    ...(context.allowWrites ? { version: context.remember(meta.name, entity) } : {}),
  };
}

/** A row that does not decode as the entity: its key and the library's error, shown instead of the values. */
export function undecodedRowDisplay(
  key: Uint8Array,
  error: { name: string; code: string; message: string },
): object {
  return {
    key: bytesDisplay(key),
    keyParts: {},
    values: {},
    decodeError: { name: error.name, code: error.code, message: error.message },
  };
}
