// 'bigtable-mapper/codegen' (docs/codegen.md): entity source from a row-key schema file and a families file
// (`files/` reads and writes the files, `source/` emits TypeScript), entities inferred from a sampled live table
// (`infer/`), and the way back from entities to files.
export { exportSchemaFiles } from './files/export-schema-files.js';
export type { ExportSchemaFilesOptions, SchemaFiles } from './files/export-schema-files.js';
export { generateEntitiesSource, generateEntitySource } from './source/generate-entity-source.js';
export type { CodecImport, GenerateEntitySourceOptions } from './source/generate-entity-source.js';
export { kebabCase } from './source/kebab-case.js';
export { generateEntitySourceFromFiles } from './generate-entity-source-from-files.js';
export { parseSchemaFiles } from './files/parse-schema-files.js';
export { parseFamiliesFile } from './files/parse-families-file.js';
export type { ParseFamiliesFileOptions } from './files/parse-families-file.js';
export { formatFamiliesFile } from './files/format-families-file.js';
export type { FormatFamiliesFileOptions } from './files/format-families-file.js';
export { schemaFilesEntities, schemaFilesMetadata } from './files/schema-files-metadata.js';
export type {
  FamiliesFile,
  FileCodec,
  FileColumn,
  FileFamily,
  FileInt64Cell,
  FileKeyHint,
  FileLint,
  FileQualifier,
} from './files/families-file-types.js';
export { inferTableEntities } from './infer/infer-table-entities.js';
export type { InferredEntity, InferredTable, InferTableOptions } from './infer/infer-table-entities.js';
export { inferenceComment } from './infer/inference.js';
export type { Confidence, Inference } from './infer/inference.js';
export type { SampleProgress, SampleTableOptions } from './infer/sample-table.js';
