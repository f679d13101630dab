import { concatBytes } from './bytes.js';
import { encodeDelimitedStruct } from './delimited-struct.js';
import type { KeyValue } from './key-codec-types.js';
import type { KeyLayout } from './key-layout.js';
import { orderedCodeStructPrefix } from './ordered-code-struct.js';
import { keyFieldValue, rethrowWithValue, saltBucketOf, storedKeyPrefix } from './stored-key-prefix.js';

type Values = Readonly<Record<string, KeyValue>>;

/**
 * The full row key of `values` (every field given), through the schema-level codec.
 *
 * @example
 * ```ts
 * encodeEntityKey(layout, { deviceId: '4c410523', at: new Date(0) });
 * ```
 */
export function encodeEntityKey(layout: KeyLayout, values: Values): Uint8Array {
  const { segments, salt, schema } = layout;
  if (typeof values !== 'object' || values === null)
    throw layout.invalid(undefined, values, 'an object of key fields');
  try {
    const stored = segments.map((s) => {
      if (s.spec.type === 'salt') return 0;
      return s.name === undefined ? s.toStored('') : s.toStored(keyFieldValue(layout, values, s.name));
    });
    if (salt) stored[0] = segments[0]!.toStored(saltBucketOf(layout, values));
    return schema.encode(stored);
  } catch (error) {
    rethrowWithValue(layout, error, values);
  }
}

/**
 * The exact bytes every key with these leading fields starts with (see `EntityKeyCodec.encodePrefix`).
 *
 * @example
 * ```ts
 * encodeEntityKeyPrefix(layout, { tenant: 'acme' }); // 'acme#'
 * ```
 */
export function encodeEntityKeyPrefix(layout: KeyLayout, leading: Values): Uint8Array {
  const { segments, schema, encoding, delimiter } = layout;
  try {
    const { stored, stop } = storedKeyPrefix(layout, leading, false);
    const encoded = stored.map((v, i) => schema.encodeField(i, v));
    if (stop === segments.length) return schema.encode(stored);
    if (encoded.length === 0) return new Uint8Array(0);
    return encoding.kind === 'delimited'
      ? concatBytes([encodeDelimitedStruct(encoded, delimiter), delimiter])
      : concatBytes([orderedCodeStructPrefix(encoded), Uint8Array.of(0x00, 0x01)]);
  } catch (error) {
    rethrowWithValue(layout, error, leading);
  }
}
