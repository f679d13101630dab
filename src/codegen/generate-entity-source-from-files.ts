import { checkObject, checkOptions, checkString } from '../errors/check-argument.js';
import type { GenerateEntitySourceOptions } from './source/generate-entity-source.js';
import { generateEntitySource } from './source/generate-entity-source.js';
import { parseSchemaFiles } from './files/parse-schema-files.js';

/**
 * {@link generateEntitySource} from the texts of the two files (each YAML or JSON, told apart by their first
 * character): gcloud's row-key schema file and the families file. What `bigtable-mapper codegen` runs.
 *
 * @example
 * ```ts
 * const source = generateEntitySourceFromFiles(
 *   { rowKeySchema: readFileSync('device.row-key-schema.yaml', 'utf8'), families: readFileSync('device.families.yaml', 'utf8') },
 *   { style: 'defineEntity' },
 * );
 * ```
 */
export function generateEntitySourceFromFiles(
  texts: { readonly rowKeySchema: string; readonly families: string },
  options: GenerateEntitySourceOptions = {},
): string {
  checkObject({ api: 'generateEntitySourceFromFiles', argument: 'texts' }, texts);
  checkString(
    { api: 'generateEntitySourceFromFiles', argument: 'texts.rowKeySchema' },
    texts.rowKeySchema,
    'a string',
  );
  checkString(
    { api: 'generateEntitySourceFromFiles', argument: 'texts.families' },
    texts.families,
    'a string',
  );
  checkOptions({ api: 'generateEntitySourceFromFiles', argument: 'options' }, options);
  const { rowKeySchema, families } = parseSchemaFiles(texts);
  return generateEntitySource(rowKeySchema, families, options);
}
