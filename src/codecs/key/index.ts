// Public API of the row-key codecs: entity key codecs, the schema-level codec, row-key schema files, the
// OrderedCode primitives and key-range helpers. See docs/row-keys.md.
export type {
  Int64Encoding,
  KeyCodec,
  KeyCodecOptions,
  KeyCondition,
  KeyEncodingSpec,
  KeyRange,
  KeyValue,
  SegmentSpec,
} from './key-codec-types.js';
export { createKeyCodec, type EntityKeyCodec } from './create-key-codec.js';
export {
  createSegmentCodec,
  reverseDomain,
  saltWidth,
  INT64_DECIMAL_WIDTH,
  type KeyStructKind,
  type SegmentCodec,
} from './segment-codecs.js';
export {
  cachedRowKeySchema,
  compileRowKeySchema,
  decodeRowKeyWithSchema,
  encodeRowKeyWithSchema,
  MAX_ROW_KEY_BYTES,
  type CompiledRowKeySchema,
  type EmptyMessage,
  type RowKeyFieldType,
  type RowKeyInt64Encoding,
  type RowKeySchema,
  type RowKeySchemaCodecOptions,
  type RowKeySchemaField,
  type RowKeyStructEncoding,
} from './row-key-schema.js';
export { rowKeyRangesWithSchema } from './row-key-schema-ranges.js';
export { keySegmentsFromRowKeySchema, rowKeySchemaForKey } from './row-key-schema-segments.js';
export {
  formatRowKeySchemaFile,
  parseRowKeySchemaFile,
  type FormatRowKeySchemaFileOptions,
  type ParseRowKeySchemaFileOptions,
  type RowKeySchemaFileBytes,
} from './row-key-schema-file.js';
export { orderedCode, type OrderedCodeDirection, type OrderedCodeRead } from './ordered-code.js';
export {
  decodeOrderedCodeStruct,
  encodeOrderedCodeStruct,
  orderedCodeStructPrefix,
} from './ordered-code-struct.js';
export { decodeDelimitedStruct, delimitedViolation, encodeDelimitedStruct } from './delimited-struct.js';
export {
  isEmptyKeyRange,
  keyRangeContains,
  keySuccessor,
  normalizeKeyRanges,
  pointKeyRange,
  prefixKeyRange,
  type KeyBound,
} from './key-range.js';
export { compareBytes } from './bytes.js';
export { fnv1a32 } from './salt-hash.js';
