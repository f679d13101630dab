// 'bigtable-mapper/keys' (docs/row-keys.md): the public face of the row-key codecs, for code that works with row
// keys without entities: entity key codecs, row-key schemas and their gcloud files, OrderedCode, segment codecs and
// key ranges. The codecs themselves stay in src/codecs/key/.
export { createKeyCodec } from '../codecs/key/create-key-codec.js';
export type { EntityKeyCodec } from '../codecs/key/create-key-codec.js';
export type {
  Int64Encoding,
  KeyCodec,
  KeyCodecOptions,
  KeyCondition,
  KeyEncodingSpec,
  KeyRange,
  KeyValue,
  SegmentSpec,
} from '../codecs/key/key-codec-types.js';
export { createSegmentCodec } from '../codecs/key/segment-codecs.js';
export type { KeyStructKind, SegmentCodec } from '../codecs/key/segment-codecs.js';
export {
  compileRowKeySchema,
  decodeRowKeyWithSchema,
  encodeRowKeyWithSchema,
  MAX_ROW_KEY_BYTES,
} from '../codecs/key/row-key-schema.js';
export type {
  CompiledRowKeySchema,
  EmptyMessage,
  RowKeyFieldType,
  RowKeyInt64Encoding,
  RowKeySchema,
  RowKeySchemaCodecOptions,
  RowKeySchemaField,
  RowKeyStructEncoding,
} from '../codecs/key/row-key-schema.js';
export { rowKeyRangesWithSchema } from '../codecs/key/row-key-schema-ranges.js';
export { keySegmentsFromRowKeySchema, rowKeySchemaForKey } from '../codecs/key/row-key-schema-segments.js';
export { formatRowKeySchemaFile, parseRowKeySchemaFile } from '../codecs/key/row-key-schema-file.js';
export type {
  FormatRowKeySchemaFileOptions,
  ParseRowKeySchemaFileOptions,
  RowKeySchemaFileBytes,
} from '../codecs/key/row-key-schema-file.js';
export { orderedCode } from '../codecs/key/ordered-code.js';
export type { OrderedCode, OrderedCodeDirection, OrderedCodeRead } from '../codecs/key/ordered-code.js';
export {
  isEmptyKeyRange,
  keyRangeContains,
  keySuccessor,
  normalizeKeyRanges,
  pointKeyRange,
  prefixKeyRange,
} from '../codecs/key/key-range.js';
export type { KeyBound } from '../codecs/key/key-range.js';
export { compareBytes } from '../codecs/key/bytes.js';
