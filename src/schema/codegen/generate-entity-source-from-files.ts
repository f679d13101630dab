import type { GenerateEntitySourceOptions } from './generate-entity-source.js';
import { generateEntitySource } from './generate-entity-source.js';
import { parseSchemaFiles } from './parse-schema-files.js';

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
  const { rowKeySchema, families } = parseSchemaFiles(texts);
  return generateEntitySource(rowKeySchema, families, options);
}
