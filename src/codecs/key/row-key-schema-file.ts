import { checkObject, checkOptions, checkString } from '../../errors/check-argument.js';
import { stringify as stringifyYaml } from 'yaml';
import { loadDocument } from '../load-document.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import type {
  RowKeyFieldType,
  RowKeyInt64Encoding,
  RowKeySchema,
  RowKeyStructEncoding,
} from './row-key-schema.js';
import { compileRowKeySchema } from './row-key-schema.js';
import { utf8DecodeStrict, utf8Encode } from './utf8.js';

/**
 * How binary fields (the delimiter) are written in the file. `base64` (default) is what `gcloud bigtable tables
 * describe` prints and what `--row-key-schema-pre-encoded-bytes` expects; `text` is the raw delimiter as UTF-8 text,
 * for files passed without that flag (gcloud then base64-encodes it itself).
 *
 * @example
 * ```ts
 * formatRowKeySchemaFile(schema, { bytes: 'text' }); // delimiter: "#" instead of delimiter: Iw==
 * ```
 */
export type RowKeySchemaFileBytes = 'base64' | 'text';

/**
 * Options of {@link formatRowKeySchemaFile}.
 *
 * @example
 * ```ts
 * formatRowKeySchemaFile(schema, { format: 'json', bytes: 'base64' });
 * ```
 */
export interface FormatRowKeySchemaFileOptions {
  /** Default `yaml`. */
  readonly format?: 'yaml' | 'json';
  /** Default `base64`. */
  readonly bytes?: RowKeySchemaFileBytes;
}

/**
 * Options of {@link parseRowKeySchemaFile}.
 *
 * @example
 * ```ts
 * parseRowKeySchemaFile('{"fields": [], "encoding": {"orderedCodeBytes": {}}}', { format: 'json' });
 * ```
 */
export interface ParseRowKeySchemaFileOptions {
  /** Default `auto`: JSON when the text starts with `{`, else YAML. */
  readonly format?: 'yaml' | 'json' | 'auto';
  /** Default `base64`. */
  readonly bytes?: RowKeySchemaFileBytes;
}

const ENTITY = 'row key schema file';

function fail(path: string, value: unknown, limit: string): KeyEncodingError {
  return new KeyEncodingError({ entity: ENTITY, field: path, value, limit });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string, path: string): Uint8Array {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw fail(path, text, "base64 (for a plain-text delimiter such as '#', parse with bytes: 'text')");
  }
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function plain(schema: RowKeySchema, bytes: RowKeySchemaFileBytes): Record<string, unknown> {
  const encoding = schema.encoding as Record<string, unknown>;
  let fileEncoding: Record<string, unknown> = encoding;
  if ('delimitedBytes' in schema.encoding) {
    const delimiter = schema.encoding.delimitedBytes.delimiter;
    let written: string;
    if (bytes === 'base64') written = toBase64(delimiter);
    else {
      const text = utf8DecodeStrict(delimiter);
      if (text === undefined)
        throw fail('encoding.delimitedBytes.delimiter', delimiter, "UTF-8 text with bytes: 'text'");
      written = text;
    }
    fileEncoding = { delimitedBytes: { delimiter: written } };
  }
  return {
    fields: schema.fields.map((f) => ({
      ...(f.fieldName === undefined ? {} : { fieldName: f.fieldName }),
      type: JSON.parse(JSON.stringify(f.type)) as unknown,
    })),
    encoding: JSON.parse(JSON.stringify(fileEncoding)) as unknown,
  };
}

/**
 * Writes a row-key schema in the gcloud file format (`gcloud bigtable tables update --row-key-schema-definition-file`):
 * camelCase keys, `fields[].fieldName`, `type.stringType|bytesType|int64Type|timestampType` with their `encoding`, and
 * `encoding.delimitedBytes.delimiter` in base64 (use the file with `--row-key-schema-pre-encoded-bytes`) or as text.
 *
 * @example
 * ```ts
 * formatRowKeySchemaFile(codec.rowKeySchema);
 * // fields:
 * //   - fieldName: literal_0
 * //     type:
 * //       stringType:
 * //         encoding:
 * //           utf8Bytes: {}
 * //   …
 * // encoding:
 * //   delimitedBytes:
 * //     delimiter: Iw==
 * ```
 */
export function formatRowKeySchemaFile(
  schema: RowKeySchema,
  options: FormatRowKeySchemaFileOptions = {},
): string {
  checkObject({ api: 'formatRowKeySchemaFile', argument: 'schema' }, schema);
  checkOptions({ api: 'formatRowKeySchemaFile', argument: 'options' }, options);
  compileRowKeySchema(schema, { entity: ENTITY });
  const data = plain(schema, options.bytes ?? 'base64');
  return options.format === 'json' ? `${JSON.stringify(data, null, 2)}\n` : stringifyYaml(data);
}

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The object's entries with snake_case keys folded to camelCase (protobuf JSON accepts both spellings). */
function entries(value: unknown, path: string, allowed: readonly string[]): Map<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fail(path, value, 'a mapping');
  const out = new Map<string, unknown>();
  for (const [raw, v] of Object.entries(value)) {
    const key = camel(raw);
    if (!allowed.includes(key))
      throw fail(
        path ? `${path}.${raw}` : raw,
        v,
        allowed.length ? `one of the keys ${allowed.join(', ')}` : 'no keys (an empty message)',
      );
    if (out.has(key)) throw fail(`${path}.${raw}`, v, 'a key given once');
    out.set(key, v);
  }
  return out;
}

function oneOf(value: unknown, path: string, allowed: readonly string[]): [string, unknown] {
  const map = entries(value, path, allowed);
  if (map.size !== 1) throw fail(path, value, `exactly one of ${allowed.join(', ')}`);
  const [entry] = map;
  return entry!;
}

function empty(value: unknown, path: string): Record<string, never> {
  // YAML writes an empty message as `{}` or leaves the value blank (null).
  if (value === null || value === undefined) return {};
  entries(value, path, []);
  return {};
}

function parseInt64Encoding(value: unknown, path: string): RowKeyInt64Encoding {
  const [kind, inner] = oneOf(value, path, ['bigEndianBytes', 'orderedCodeBytes']);
  empty(
    kind === 'bigEndianBytes' ? stripDeprecatedBytesType(inner, `${path}.${kind}`) : inner,
    `${path}.${kind}`,
  );
  return kind === 'bigEndianBytes' ? { bigEndianBytes: {} } : { orderedCodeBytes: {} };
}

function stripDeprecatedBytesType(value: unknown, path: string): unknown {
  if (value === null || value === undefined) return value;
  const map = entries(value, path, ['bytesType']);
  return map.size === 0 ? value : {};
}

function parseType(value: unknown, path: string): RowKeyFieldType {
  // `intType` appears in gcloud's describe output in Google's docs; the proto field is `int64Type`.
  const [kind, inner] = oneOf(value, path, [
    'stringType',
    'bytesType',
    'int64Type',
    'intType',
    'timestampType',
  ]);
  const at = `${path}.${kind}`;
  const encoding = entries(inner ?? {}, at, ['encoding']).get('encoding');
  if (encoding === undefined) throw fail(`${at}.encoding`, inner, 'an encoding (row keys need one)');
  switch (kind) {
    case 'stringType': {
      const [e, body] = oneOf(encoding, `${at}.encoding`, ['utf8Bytes', 'utf8Raw']);
      empty(body, `${at}.encoding.${e}`);
      return { stringType: { encoding: { utf8Bytes: {} } } };
    }
    case 'bytesType': {
      const [e, body] = oneOf(encoding, `${at}.encoding`, ['raw']);
      empty(body, `${at}.encoding.${e}`);
      return { bytesType: { encoding: { raw: {} } } };
    }
    case 'int64Type':
    case 'intType':
      return { int64Type: { encoding: parseInt64Encoding(encoding, `${at}.encoding`) } };
    default: {
      const [, micros] = oneOf(encoding, `${at}.encoding`, ['unixMicrosInt64']);
      const inner64 = `${at}.encoding.unixMicrosInt64`;
      // The proto nests the Int64 encoding directly; Google's docs show it wrapped in `encoding:` — accept both.
      const map = entries(micros, inner64, ['bigEndianBytes', 'orderedCodeBytes', 'encoding']);
      const int64 = map.has('encoding') ? map.get('encoding') : micros;
      if (map.has('encoding') && map.size !== 1)
        throw fail(inner64, micros, 'either encoding or an Int64 encoding');
      return {
        timestampType: {
          encoding: {
            unixMicrosInt64: parseInt64Encoding(int64, map.has('encoding') ? `${inner64}.encoding` : inner64),
          },
        },
      };
    }
  }
}

function parseEncoding(value: unknown, bytes: RowKeySchemaFileBytes): RowKeyStructEncoding {
  const [kind, inner] = oneOf(value, 'encoding', ['singleton', 'delimitedBytes', 'orderedCodeBytes']);
  if (kind === 'singleton') {
    empty(inner, 'encoding.singleton');
    return { singleton: {} };
  }
  if (kind === 'orderedCodeBytes') {
    empty(inner, 'encoding.orderedCodeBytes');
    return { orderedCodeBytes: {} };
  }
  const d = entries(inner, 'encoding.delimitedBytes', ['delimiter']).get('delimiter');
  const path = 'encoding.delimitedBytes.delimiter';
  if (typeof d !== 'string' || d === '') throw fail(path, d, 'a non-empty string');
  return { delimitedBytes: { delimiter: bytes === 'base64' ? fromBase64(d, path) : utf8Encode(d) } };
}

/**
 * Reads a row-key schema from a gcloud YAML or JSON schema file (or from `gcloud bigtable tables describe` output,
 * using its `rowKeySchema` section). camelCase and snake_case keys are both accepted, as protobuf JSON does; so are
 * two spellings seen in Google's docs (`intType` for `int64Type`, and `unixMicrosInt64: { encoding: {…} }`).
 * Anything else unknown is rejected with {@link KeyEncodingError} naming its path, e.g. `fields[1].fieldBame`, and
 * the result is checked like any schema (encodings valid for their types, delimiter 1–50 bytes).
 *
 * @example
 * ```ts
 * const schema = parseRowKeySchemaFile(`
 * fields:
 *   - fieldName: device
 *     type: { stringType: { encoding: { utf8Bytes: {} } } }
 * encoding:
 *   delimitedBytes: { delimiter: Iw== }
 * `);
 * encodeRowKeyWithSchema(schema, ['phone']);
 * ```
 */
export function parseRowKeySchemaFile(
  text: string,
  options: ParseRowKeySchemaFileOptions = {},
): RowKeySchema {
  checkString({ api: 'parseRowKeySchemaFile', argument: 'text' }, text, 'a string');
  checkOptions({ api: 'parseRowKeySchemaFile', argument: 'options' }, options);
  let document = loadDocument(text, options.format ?? 'auto', (format, error) => {
    throw new KeyEncodingError(
      { entity: ENTITY, value: text, limit: `valid ${format}: ${(error as Error).message}` },
      error,
    );
  });
  if (typeof document === 'object' && document !== null && !Array.isArray(document)) {
    const wrapped = Object.entries(document).find(([k]) => camel(k) === 'rowKeySchema');
    if (wrapped) document = wrapped[1];
  }
  const top = entries(document, '', ['fields', 'encoding']);
  const fields = top.get('fields');
  if (!Array.isArray(fields)) throw fail('fields', fields, 'a list of fields');
  const schema: RowKeySchema = {
    fields: fields.map((f, i) => {
      const path = `fields[${i}]`;
      const map = entries(f, path, ['fieldName', 'type']);
      const name = map.get('fieldName');
      if (name !== undefined && typeof name !== 'string') throw fail(`${path}.fieldName`, name, 'a string');
      if (!map.has('type')) throw fail(`${path}.type`, f, 'a type');
      return {
        ...(name === undefined ? {} : { fieldName: name }),
        type: parseType(map.get('type'), `${path}.type`),
      };
    }),
    encoding: parseEncoding(top.get('encoding'), options.bytes ?? 'base64'),
  };
  compileRowKeySchema(schema, { entity: ENTITY });
  return schema;
}
