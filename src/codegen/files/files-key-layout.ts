import { createKeyCodec } from '../../codecs/key/create-key-codec.js';
import type { KeyEncodingSpec, SegmentSpec } from '../../codecs/key/key-codec-types.js';
import { formatRowKeySchemaFile } from '../../codecs/key/row-key-schema-file.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import { keySegmentsFromRowKeySchema } from '../../codecs/key/row-key-schema-segments.js';
import type { FamiliesFile, FileQualifier } from './families-file-types.js';

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
 * The key of an entity as entity options: parent and literal, or salt and prefix; the encoding, then key parts and
 * literals by position.
 *
 * @example
 * ```ts
 * const layout: FilesKeyLayout = { items: [], encoding: { kind: 'orderedCode' } };
 * ```
 */
export interface FilesKeyLayout {
  /**
   * A child entity's parent (by name), the literal after the parent's key, and the parent's key parts (which the
   * child's class declares as plain properties); `items` are then the child's own key positions only.
   */
  readonly parent?: {
    readonly entity: string;
    readonly literal?: string | Uint8Array;
    readonly parts: readonly NonNullable<FilesKeyItem['part']>[];
  };
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

/** Segments compare by value: sorted keys, bytes as lists. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => {
    if (v instanceof Uint8Array) return [...v];
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return v;
  });
}

function fileLiteral(value: FileQualifier): string | Uint8Array {
  return typeof value === 'string' ? value : base64Bytes(value.base64);
}

/** The whole key of the files: the row-key schema's segments with the families file's hints applied. */
function hintedKey(
  schema: RowKeySchema,
  file: FamiliesFile,
  problem: (message: string) => void,
): { segments: SegmentSpec[]; encoding: KeyEncodingSpec } | undefined {
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
    if ('literal' in hint) return { type: 'literal', value: fileLiteral(hint.literal) };
    if ('salt' in hint) return { type: 'salt', buckets: hint.salt.buckets, of: hint.salt.of };
    return { ...hint, name } as SegmentSpec;
  });
  return { segments, encoding: base.encoding };
}

/**
 * A child's own segments: what follows its parent's whole key and its literal. The child's files must repeat the
 * parent's key exactly (a row-key schema file holds whole keys), so anything else is a problem.
 */
function ownSegments(
  file: FamiliesFile,
  key: { segments: SegmentSpec[]; encoding: KeyEncodingSpec },
  parentKey: { segments: SegmentSpec[]; encoding: KeyEncodingSpec },
  problem: (message: string) => void,
): SegmentSpec[] {
  const parent = file.parent!;
  const n = parentKey.segments.length;
  if (
    canonical(key.segments.slice(0, n)) !== canonical(parentKey.segments) ||
    canonical(key.encoding) !== canonical(parentKey.encoding)
  ) {
    problem(
      `the key does not start with the key of parent ${parent}: a child's row-key schema file and key hints ` +
        `must repeat its parent's key fields (names, types, literals, encoding) before its own`,
    );
    return [];
  }
  const own = key.segments.slice(n);
  if (file.literal === undefined) return own;
  const literal = fileLiteral(file.literal);
  const next = own[0];
  if (next?.type !== 'literal' || canonical(next.value) !== canonical(literal)) {
    problem(
      `literal ${JSON.stringify(file.literal)} is not the key field after parent ${parent}'s key (found ` +
        `${next === undefined ? 'none' : next.type === 'literal' ? `literal ${canonical(next.value)}` : next.type}); ` +
        'add it as a literal key hint there, or leave literal out',
    );
    return [];
  }
  return own.slice(1);
}

/**
 * The key layout a row-key schema file and a families file's key hints describe. For a child entity (the file names
 * a `parent`), `parent` gives the parent's files: the layout then holds the parent and literal and only the child's
 * own key parts. Problems (a hint naming no field, a hint that would change the stored key, a key that does not
 * start with the parent's) go to `problem`; `undefined` when the schema has no entity form.
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
  parent?: { readonly rowKeySchema: RowKeySchema; readonly families: FamiliesFile },
): FilesKeyLayout | undefined {
  const key = hintedKey(schema, file, problem);
  if (key === undefined) return undefined;
  const { segments } = key;
  let own: SegmentSpec[] = segments;
  let inherited: NonNullable<FilesKeyItem['part']>[] = [];
  if (file.parent !== undefined) {
    // The parent's own problems are reported for the parent.
    const parentKey = parent && hintedKey(parent.rowKeySchema, parent.families, () => {});
    if (parentKey === undefined) {
      problem(`parent ${file.parent}: its row-key schema file and families file are needed too`);
      return undefined;
    }
    own = ownSegments(file, key, parentKey, problem);
    inherited = parentKey.segments.flatMap((s) =>
      s.type === 'literal' || s.type === 'salt' ? [] : [partOf(s)],
    );
  }
  let salt: { buckets: number; of?: readonly string[] } | undefined;
  let prefix: string | Uint8Array | undefined;
  const items: FilesKeyItem[] = [];
  own.forEach((segment, i) => {
    if (segment.type === 'salt') {
      if (file.parent !== undefined)
        problem(`a child key keeps the salt of parent ${file.parent}; it has none of its own`);
      else if (i !== 0) problem('the salt must be the first key field');
      salt = { buckets: segment.buckets, of: segment.of };
    } else if (segment.type === 'literal') {
      if (items.length === 0 && prefix === undefined && file.parent === undefined) prefix = segment.value;
      else items.push({ literal: segment.value });
    } else {
      items.push({ part: partOf(segment) });
    }
  });
  const parts = items.flatMap((item) => (item.part ? [item.part.property] : []));
  if (salt && salt.of?.join('\0') === parts.join('\0')) salt = { buckets: salt.buckets };
  // The entity form must store exactly the key the schema file describes (same field names, types, encodings).
  try {
    const rebuilt = createKeyCodec({ entity: file.entity, segments, encoding: key.encoding }).rowKeySchema;
    if (formatRowKeySchemaFile(rebuilt) !== formatRowKeySchemaFile(schema))
      problem(
        'the key hints change the stored key: literal and salt fields must keep their default names ' +
          '(literal_<index>, salt) and each hint must store the type its row-key schema field declares',
      );
  } catch (error) {
    problem(`the key hints give an invalid key: ${(error as Error).message}`);
  }
  return {
    ...(file.parent !== undefined
      ? {
          parent: {
            entity: file.parent,
            ...(file.literal !== undefined ? { literal: fileLiteral(file.literal) } : {}),
            parts: inherited,
          },
        }
      : {}),
    ...(salt ? { salt } : {}),
    ...(prefix !== undefined ? { prefix } : {}),
    items,
    encoding: key.encoding,
  };
}

function partOf(
  segment: Exclude<SegmentSpec, { type: 'literal' } | { type: 'salt' }>,
): NonNullable<FilesKeyItem['part']> {
  const options: Record<string, unknown> = {};
  for (const key of KEY_OPTION_ORDER) {
    const v = (segment as unknown as Record<string, unknown>)[key];
    if (v !== undefined) options[key] = v;
  }
  return { property: segment.name, options };
}
