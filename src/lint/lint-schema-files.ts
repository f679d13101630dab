import { checkObjectArray, checkOptions } from '../errors/check-argument.js';
import type { SchemaFilesInput } from '../codegen/files/families-file-types.js';
import { schemaFilesEntities } from '../codegen/files/schema-files-metadata.js';
export type { SchemaFilesInput } from '../codegen/files/families-file-types.js';
import { lintEntities } from './lint-entities.js';
import type { LintFinding, LintOptions } from './lint-types.js';

/**
 * Runs the lint rules of {@link lintEntities} on schema files, before any code is generated: the same rule ids,
 * severities, messages and fixes as on the entity the files describe. A families file's `lint` section silences
 * rules for its entity (`allow`, each with its reason) and declares size bounds (`maxBytes`), merged with
 * `options` (the file wins for its entity). The row-key schema file (gcloud's format) has no place for either. A
 * child entity's files (`parent` in the families file) are linted with its parent's, which must be among `files`.
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
  checkObjectArray({ api: 'lintSchemaFiles', argument: 'files' }, files, 'objects');
  checkOptions({ api: 'lintSchemaFiles', argument: 'options' }, options);
  const allow: Record<string, Readonly<Record<string, string>>> = { ...options.allow };
  const maxBytes: Record<string, Readonly<Record<string, number>>> = { ...options.maxBytes };
  for (const { families } of files) {
    const name = families.entity;
    if (families.lint?.allow) allow[name] = { ...allow[name], ...families.lint.allow };
    if (families.lint?.maxBytes) maxBytes[name] = { ...maxBytes[name], ...families.lint.maxBytes };
  }
  const metas = schemaFilesEntities(files);
  return lintEntities(metas, { ...options, allow, maxBytes });
}
