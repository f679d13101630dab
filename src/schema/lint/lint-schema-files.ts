import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import type { FamiliesFile } from '../codegen/families-file-types.js';
import { schemaFilesMetadata } from '../codegen/schema-files-metadata.js';
import { lintEntities } from './lint-entities.js';
import type { LintFinding, LintOptions } from './lint-types.js';

/**
 * The schema files of one entity, as codegen consumes them: gcloud's row-key schema file (parsed with
 * `parseRowKeySchemaFile`) and a families file (parsed with `parseFamiliesFile`).
 *
 * @example
 * ```ts
 * const files: SchemaFilesInput = {
 *   rowKeySchema: parseRowKeySchemaFile(rowKeyYaml),
 *   families: parseFamiliesFile(familiesYaml),
 * };
 * ```
 */
export interface SchemaFilesInput {
  readonly rowKeySchema: RowKeySchema;
  readonly families: FamiliesFile;
}

/**
 * Runs the lint rules of {@link lintEntities} on schema files, before any code is generated: the same rule ids,
 * severities, messages and fixes as on the entity the files describe. A families file's `lint` section silences
 * rules for its entity (`allow`, each with its reason) and declares size bounds (`maxBytes`), merged with
 * `options` (the file wins for its entity). The row-key schema file (gcloud's format) has no place for either.
 *
 * @example
 * ```ts
 * const findings = lintSchemaFiles([
 *   { rowKeySchema: parseRowKeySchemaFile(rowKeyYaml), families: parseFamiliesFile(familiesYaml) },
 * ]);
 * console.log(formatFindings(findings));
 * ```
 */
export function lintSchemaFiles(
  files: readonly SchemaFilesInput[],
  options: LintOptions = {},
): LintFinding[] {
  const allow: Record<string, Readonly<Record<string, string>>> = { ...options.allow };
  const maxBytes: Record<string, Readonly<Record<string, number>>> = { ...options.maxBytes };
  for (const { families } of files) {
    const name = families.entity;
    if (families.lint?.allow) allow[name] = { ...allow[name], ...families.lint.allow };
    if (families.lint?.maxBytes) maxBytes[name] = { ...maxBytes[name], ...families.lint.maxBytes };
  }
  const metas = files.map((f) => schemaFilesMetadata(f.rowKeySchema, f.families));
  return lintEntities(metas, { ...options, allow, maxBytes });
}
