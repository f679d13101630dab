import { checkObject, checkObjectArray, checkOptions } from '../../errors/check-argument.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import { MetadataError } from '../../errors/metadata-error.js';
import { entityLines } from './entity-lines.js';
import { familyMembers } from './family-members.js';
import type { FamiliesFile, SchemaFilesInput } from '../files/families-file-types.js';
import { filesKeyLayout } from '../files/files-key-layout.js';
import type { GenerateEntitySourceOptions } from './generate-entity-source-options.js';
import { orderSchemaFiles } from '../files/order-schema-files.js';
import { SourceGenerator } from './source-generator.js';
import { isIdentifier, quote } from './source-layout.js';

export type { CodecImport, GenerateEntitySourceOptions } from './generate-entity-source-options.js';
// The import list is written last: the body's builders record what they use.

function importLine(names: Iterable<string>, from: string, typeOnly = false): string {
  const sorted = [...names].sort();
  const head = `import ${typeOnly ? 'type ' : ''}{ `;
  const inline = `${head}${sorted.join(', ')} } from ${quote(from)};`;
  // prettier never breaks an import of a single name.
  if (inline.length <= 110 || sorted.length === 1) return inline;
  return `import ${typeOnly ? 'type ' : ''}{\n${sorted.map((n) => `  ${n},`).join('\n')}\n} from ${quote(from)};`;
}

/**
 * Generates the TypeScript source of an entity class from gcloud's row-key schema file (parsed with
 * `parseRowKeySchemaFile`) and a families/columns file ({@link parseFamiliesFile}): a decorated class (default) or
 * a plain class with a `defineEntity()` call. Key parts come from the row-key schema fields
 * (`keySegmentsFromRowKeySchema`), refined by the families file's key hints; the result is checked to store exactly
 * the key the schema describes. The output is deterministic and laid out as prettier would with the repository's
 * settings (110 columns, single quotes, trailing commas). Problems (a protobuf type or user codec with no import, a
 * hint naming no field, a key that would change) are thrown together as one {@link MetadataError}. A child entity
 * (`parent` in its families file) is generated with its parent: use {@link generateEntitiesSource}.
 *
 * @example
 * ```ts
 * const source = generateEntitySource(
 *   parseRowKeySchemaFile(rowKeyYaml),
 *   parseFamiliesFile(familiesYaml),
 *   { style: 'decorators', imports: { 'media.v1.Thumbnail': { from: '../../schema/codegen/media-types.js' } } },
 * );
 * ```
 */
export function generateEntitySource(
  rowKeySchema: RowKeySchema,
  families: FamiliesFile,
  options: GenerateEntitySourceOptions = {},
): string {
  checkObject({ api: 'generateEntitySource', argument: 'rowKeySchema' }, rowKeySchema);
  checkObject({ api: 'generateEntitySource', argument: 'families' }, families);
  checkOptions({ api: 'generateEntitySource', argument: 'options' }, options);
  return generateEntitiesSource([{ rowKeySchema, families }], options);
}

/**
 * Generates one module declaring the entities of several schema files, as {@link generateEntitySource} does for
 * one: each class in the order given, except that a parent is declared before its children. A child entity
 * (`parent` and `literal` in its families file) is generated as `@Entity({ table, parent: Parent, literal })` (or
 * `defineEntity(Child, { parent: ParentEntity, literal, … })`) with only its own key parts, the parent's key parts
 * declared as plain properties; its parent's files must be among `files`, and the child's row-key schema must start
 * with the parent's key. To keep the parent in a module of its own, give its files and `imports: { <parent>: { from
 * } }`: it is then imported, not declared. `comments.top` goes above the first class.
 *
 * @example
 * ```ts
 * const source = generateEntitiesSource([
 *   { rowKeySchema: parseRowKeySchemaFile(videoKeyYaml), families: parseFamiliesFile(videoYaml) },
 *   { rowKeySchema: parseRowKeySchemaFile(commentKeyYaml), families: parseFamiliesFile(commentYaml) },
 * ]);
 * ```
 */
export function generateEntitiesSource(
  files: readonly SchemaFilesInput[],
  options: GenerateEntitySourceOptions = {},
): string {
  checkObjectArray({ api: 'generateEntitiesSource', argument: 'files' }, files, 'objects');
  checkOptions({ api: 'generateEntitiesSource', argument: 'options' }, options);
  const g = new SourceGenerator(options);
  const { order, parentOf } = orderSchemaFiles(files);
  const names = new Set<string>();
  const entities = order.map((i) => {
    const { rowKeySchema, families } = files[i]!;
    g.file = families;
    if (!isIdentifier(families.entity)) g.problem('the entity name is not a class name');
    if (names.has(families.entity))
      g.problem('is declared by two families files; one module holds one class per name');
    names.add(families.entity);
    const parent = parentOf[i];
    const layout = filesKeyLayout(
      rowKeySchema,
      families,
      (message) => g.problem(message),
      parent === undefined ? undefined : files[parent],
    );
    // An entity with an entry in `imports` is imported, not declared: its files only give a child its key.
    const imported = options.imports?.[families.entity] !== undefined;
    const members = imported ? [] : families.families.flatMap((f) => familyMembers(g, f));
    for (const p of [
      ...members.map((m) => m.property),
      ...(layout?.items ?? []).flatMap((item) => (item.part ? [item.part.property] : [])),
    ])
      if (!isIdentifier(p)) g.problem('is not an identifier; rename the property in the file', p);
    return { families, layout, members, imported };
  });
  if (g.problems.length > 0) throw new MetadataError(g.problems);

  const blocks = entities.flatMap(({ families, layout, members, imported }) => {
    g.file = families;
    return imported ? [] : [entityLines(g, families, layout!, members)];
  });
  const from =
    options.generatedFrom ??
    (files.length > 1
      ? 'row-key schema files and families files'
      : 'a row-key schema file and a families file');
  const out: string[] = [`// Generated by bigtable-mapper codegen from ${from}. Do not edit by hand.`];
  const pkg = options.packageName ?? 'bigtable-mapper';
  if (g.typeImports.size) out.push(importLine(g.typeImports, pkg, true));
  if (g.sdk.size) out.push(importLine(g.sdk, pkg));
  if (g.decorators.size) out.push(importLine(g.decorators, `${pkg}/decorators`));
  for (const [from, imported] of [...g.external].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    out.push(importLine(imported, from));
  out.push('');
  const top = options.comments?.top ?? [];
  if (top.length > 0) out.push(...top.map((text) => `// ${text}`.trimEnd()));
  blocks.forEach((block, i) => out.push(...(i > 0 ? [''] : []), ...block));
  return `${out.join('\n')}\n`;
}
