import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { printableKey } from '../../errors/printable-key.js';
import { hasPrefix } from './bytes.js';
import type { KeyValue } from './key-codec-types.js';
import type { KeyLayout } from './key-layout.js';
import { saltBucketOf } from './stored-key-prefix.js';

function showPrefix(bytes: Uint8Array): string {
  return `"${printableKey(bytes)}"`;
}

/**
 * A row key decoded into typed fields. A key of another entity type (its literals differ) and a salt bucket that
 * does not match the hashed fields are KeyEncodingErrors.
 *
 * @example
 * ```ts
 * decodeEntityKey(layout, key); // { deviceId: '4c410523', at: Date(2020-05-01) }
 * ```
 */
export function decodeEntityKey(layout: KeyLayout, key: Uint8Array): Record<string, KeyValue> {
  const { entity, encoding, segments, salt, schema, staticPrefix, staticShort, invalid } = layout;
  if (!(key instanceof Uint8Array)) throw invalid(undefined, key, 'a Uint8Array row key');
  if (key.length === 0) throw invalid(undefined, key, 'a non-empty row key');
  if (staticPrefix && !hasPrefix(key, staticPrefix)) {
    const short = encoding.kind === 'orderedCode' && staticShort && key.length === staticShort.length;
    if (!short || !hasPrefix(key, staticShort)) {
      throw new KeyEncodingError({
        entity,
        field: segments[0]!.fieldName,
        value: key,
        limit: `a key starting with ${showPrefix(staticPrefix)}: the key belongs to another entity type`,
      });
    }
  }
  const stored = schema.decode(key);
  const out: Record<string, KeyValue> = {};
  segments.forEach((s, i) => {
    const value = stored[i]!;
    if (s.spec.type === 'literal') {
      try {
        s.fromStored(value);
      } catch (error) {
        throw new KeyEncodingError(
          {
            entity,
            field: s.fieldName,
            value: key,
            limit: `${(error as KeyEncodingError).limit}: the key belongs to another entity type`,
          },
          error,
        );
      }
    } else if (s.name !== undefined) {
      out[s.name] = s.fromStored(value);
    }
  });
  if (salt) {
    const found = segments[0]!.fromStored(stored[0]!) as number;
    const expected = saltBucketOf(layout, out);
    if (found !== expected) {
      throw invalid(
        segments[0]!.fieldName,
        key,
        `salt bucket ${expected} (hash of ${salt.of.join(', ')}), found ${found}`,
      );
    }
  }
  return out;
}
