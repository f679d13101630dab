import { createKeyCodec } from '../../codecs/key/create-key-codec.js';
import type { KeyEncodingSpec, SegmentSpec } from '../../codecs/key/key-codec-types.js';
import { formatRowKeySchemaFile } from '../../codecs/key/row-key-schema-file.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import { keySegmentsFromRowKeySchema } from '../../codecs/key/row-key-schema-segments.js';
import type { FamiliesFile } from './families-file-types.js';

/**
 * One key position of an entity built from schema files: a literal, or a key part with its segment options (in
 * the order `type, width, encoding, as, unit`).
 *
 * @example
 * ```ts
 * const items: FilesKeyItem[] = [{ part: { property: 'deviceId', options: { type: 'string' } } }, { literal: 'm' }];
 * ```
 */
export interface FilesKeyItem {
  readonly literal?: string | Uint8Array;
  readonly part?: { readonly property: string; readonly options: Record<string, unknown> };
}

/**
 * The key of an entity as entity options: salt, prefix, encoding, then key parts and literals by position.
 *
 * @example
 * ```ts
 * const layout: FilesKeyLayout = { items: [], encoding: { kind: 'orderedCode' } };
 * ```
 */
export interface FilesKeyLayout {
  readonly salt?: { readonly buckets: number; readonly of?: readonly string[] };
  readonly prefix?: string | Uint8Array;
  readonly items: readonly FilesKeyItem[];
  readonly encoding: KeyEncodingSpec;
}

const KEY_OPTION_ORDER = ['type', 'width', 'encoding', 'as', 'unit'];

/**
 * Bytes of base64 text.
 *
 * @example
 * ```ts
 * base64Bytes('AP8='); // Uint8Array [0, 255]
 * ```
 */
export function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * The key layout a row-key schema file and a families file's key hints describe. Problems (a hint naming no field,
 * a hint that would change the stored key) go to `problem`; `undefined` when the schema has no entity form.
 *
 * @example
 * ```ts
 * const layout = filesKeyLayout(parseRowKeySchemaFile(yaml), parseFamiliesFile(families), (m) => problems.push(m));
 * ```
 */
export function filesKeyLayout(
  schema: RowKeySchema,
  file: FamiliesFile,
  problem: (message: string) => void,
): FilesKeyLayout | undefined {
  let base: { segments: SegmentSpec[]; encoding: KeyEncodingSpec };
  try {
    base = keySegmentsFromRowKeySchema(schema, file.entity);
  } catch (error) {
    problem(`row-key schema has no entity form: ${(error as Error).message}`);
    return undefined;
  }
  const names = new Set(base.segments.map((s) => ('name' in s ? s.name : '')));
  for (const name of Object.keys(file.key))
    if (!names.has(name)) problem(`key hint ${JSON.stringify(name)} names no field of the row-key schema`);
  const segments = base.segments.map((segment): SegmentSpec => {
    const name = 'name' in segment ? (segment.name ?? '') : '';
    const hint = file.key[name];
    if (hint === undefined) return segment;
    // A text literal is a STRING field, a { base64 } one a BYTES field.
    if ('literal' in hint)
      return {
        type: 'literal',
        value: typeof hint.literal === 'string' ? hint.literal : base64Bytes(hint.literal.base64),
      };
    if ('salt' in hint) return { type: 'salt', buckets: hint.salt.buckets, of: hint.salt.of };
    return { ...hint, name } as SegmentSpec;
  });
  let salt: { buckets: number; of?: readonly string[] } | undefined;
  let prefix: string | Uint8Array | undefined;
  const items: FilesKeyItem[] = [];
  segments.forEach((segment, i) => {
    if (segment.type === 'salt') {
      if (i !== 0) problem('the salt must be the first key field');
      salt = { buckets: segment.buckets, of: segment.of };
    } else if (segment.type === 'literal') {
      if (items.length === 0 && prefix === undefined) prefix = segment.value;
      else items.push({ literal: segment.value });
    } else {
      const options: Record<string, unknown> = {};
      for (const key of KEY_OPTION_ORDER) {
        const v = (segment as unknown as Record<string, unknown>)[key];
        if (v !== undefined) options[key] = v;
      }
      items.push({ part: { property: segment.name, options } });
    }
  });
  const parts = items.flatMap((item) => (item.part ? [item.part.property] : []));
  if (salt && salt.of?.join('\0') === parts.join('\0')) salt = { buckets: salt.buckets };
  // The entity form must store exactly the key the schema file describes (same field names, types, encodings).
  try {
    const rebuilt = createKeyCodec({ entity: file.entity, segments, encoding: base.encoding }).rowKeySchema;
    if (formatRowKeySchemaFile(rebuilt) !== formatRowKeySchemaFile(schema))
      problem(
        'the key hints change the stored key: literal and salt fields must keep their default names ' +
          '(literal_<index>, salt) and each hint must store the type its row-key schema field declares',
      );
  } catch (error) {
    problem(`the key hints give an invalid key: ${(error as Error).message}`);
  }
  return {
    ...(salt ? { salt } : {}),
    ...(prefix !== undefined ? { prefix } : {}),
    items,
    encoding: base.encoding,
  };
}
