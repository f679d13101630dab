import { checkObject, checkString } from '../../errors/check-argument.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import { parseRowKeySchemaFile } from '../../codecs/key/row-key-schema-file.js';
import type { FamiliesFile } from './families-file-types.js';
import { parseFamiliesFile } from './parse-families-file.js';

/**
 * Parses the two schema files of one entity from their texts (each YAML or JSON, told apart by the first
 * character): gcloud's row-key schema file and the families file. The result is what `generateEntitySource` and
 * `lintSchemaFiles` take.
 *
 * @example
 * ```ts
 * const files = parseSchemaFiles({ rowKeySchema: rowKeyYaml, families: familiesYaml });
 * const findings = lintSchemaFiles([files]);
 * ```
 */
export function parseSchemaFiles(texts: { readonly rowKeySchema: string; readonly families: string }): {
  readonly rowKeySchema: RowKeySchema;
  readonly families: FamiliesFile;
} {
  checkObject({ api: 'parseSchemaFiles', argument: 'texts' }, texts);
  checkString({ api: 'parseSchemaFiles', argument: 'texts.rowKeySchema' }, texts.rowKeySchema, 'a string');
  checkString({ api: 'parseSchemaFiles', argument: 'texts.families' }, texts.families, 'a string');
  return {
    rowKeySchema: parseRowKeySchemaFile(texts.rowKeySchema),
    families: parseFamiliesFile(texts.families),
  };
}
