import { concatBytes } from './bytes.js';
import type { KeyValue } from './key-codec-types.js';
import { keySuccessor, pointKeyRange } from './key-range.js';
import { encodeOrderedCodeStruct, orderedCodeStructPrefix } from './ordered-code-struct.js';
import { encodeSchemaField } from './row-key-schema-fields.js';
import { checkSchemaKey, encodeSchemaFields, frameSchemaFields } from './row-key-schema-keys.js';
import type { SchemaPlan } from './row-key-schema-plan.js';
import { fail, fieldPlan } from './row-key-schema-plan.js';
import type { Block, Bound } from './row-key-schema-types.js';
import { MAX_ROW_KEY_BYTES } from './row-key-schema-types.js';

function bound(s: SchemaPlan, key: Uint8Array, inclusive: boolean): Bound {
  const { entity } = s;
  if (key.length > MAX_ROW_KEY_BYTES + 1) {
    throw fail(entity, undefined, key, `≤ ${MAX_ROW_KEY_BYTES} bytes (a key prefix has ${key.length})`);
  }
  return { key, inclusive };
}

function prefixBlock(s: SchemaPlan, prefix: Uint8Array): Block {
  const end = keySuccessor(prefix);
  return {
    ...(prefix.length > 0 ? { start: bound(s, prefix, true) } : {}),
    ...(end ? { end: bound(s, end, false) } : {}),
  };
}

/**
 * The keys whose first `values.length` fields equal `values` (a point for a full key), as one range.
 *
 * @example
 * ```ts
 * schemaKeyBlock(plan, ['phone']);
 * ```
 */
export function schemaKeyBlock(s: SchemaPlan, values: readonly KeyValue[]): Block {
  const { count, structEncoding, delimiter } = s;
  const fields = encodeSchemaFields(s, values, false);
  if (fields.length === 0) return {};
  if (fields.length === count) {
    const key = frameSchemaFields(s, fields);
    // A one-field key of an empty value frames to no bytes: no row has it, but it is still a position (the
    // smallest), so `>= ''` reads every row and `= ''` none (normalizeKeyRanges drops a range ending at '').
    return pointKeyRange(key.length === 0 ? key : checkSchemaKey(s, key, values));
  }
  if (structEncoding === 'delimited')
    return prefixBlock(s, concatBytes([frameSchemaFields(s, fields), delimiter]));
  // Ordered code: rows with more non-empty fields start with the prefix (trailing empties written 00 00) and
  // stop before prefix‖00 02; the row whose remaining fields are all empty is shorter (they are omitted) and
  // sorts just before, with nothing valid in between, so one range from it covers the block.
  const prefix = orderedCodeStructPrefix(fields);
  return {
    start: bound(s, encodeOrderedCodeStruct(fields), true),
    end: bound(s, concatBytes([prefix, Uint8Array.of(0x00, 0x02)]), false),
  };
}

/**
 * The keys whose first `leading.length` fields equal `leading` and whose next (string) field starts with `text`.
 *
 * @example
 * ```ts
 * schemaStartsWithBlock(plan, ['phone'], 'ind');
 * ```
 */
export function schemaStartsWithBlock(s: SchemaPlan, leading: readonly KeyValue[], text: string): Block {
  const { entity, count, structEncoding, delimiter } = s;
  const fields = encodeSchemaFields(s, leading, false);
  const index = fields.length;
  if (index >= count)
    throw fail(entity, undefined, leading, `fewer than ${count} leading values before startsWith`);
  const p = fieldPlan(s, index);
  if (p.kind !== 'string')
    throw fail(entity, p.name, text, `startsWith only on a string field (this is ${p.kind})`);
  if (text === '') return schemaKeyBlock(s, leading);
  const bytes = encodeSchemaField(s, index, text);
  if (structEncoding === 'delimited') {
    return prefixBlock(
      s,
      concatBytes([...(index > 0 ? [frameSchemaFields(s, fields), delimiter] : []), bytes]),
    );
  }
  if (structEncoding === 'singleton') return prefixBlock(s, bytes);
  const escaped: number[] = [];
  for (const b of bytes) escaped.push(...(b === 0 ? [0x00, 0xff] : [b]));
  const head = index > 0 ? [orderedCodeStructPrefix(fields), Uint8Array.of(0x00, 0x01)] : [];
  return prefixBlock(s, concatBytes([...head, Uint8Array.from(escaped)]));
}
