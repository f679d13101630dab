import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import { MetadataError } from '../../errors/metadata-error.js';
import type { MetadataProblem } from '../../errors/metadata-error.js';
import type { GcRule } from '../../model/family-spec.js';
import type {
  FamiliesFile,
  FileCodec,
  FileFamily,
  FileQualifier,
  SchemaFilesInput,
} from './families-file-types.js';
import type { FilesKeyLayout } from './files-key-layout.js';
import { base64Bytes, filesKeyLayout } from './files-key-layout.js';
import type { SourceDoc } from './source-layout.js';
import { isIdentifier, layoutDoc, propertyKey, quote } from './source-layout.js';
import { orderSchemaFiles } from './order-schema-files.js';
// The import list is written last: the body's builders record what they use.

/**
 * Where the generated source imports a protobuf message type (`protobuf.Type`) or a user codec from.
 *
 * @example
 * ```ts
 * const thumbnail: CodecImport = { from: './media-types.js', name: 'Thumbnail' };
 * ```
 */
export interface CodecImport {
  /** Module specifier, written as is. */
  readonly from: string;
  /** Exported name. Default: the last dotted part of the type or codec name. */
  readonly name?: string;
}

/**
 * Options of {@link generateEntitySource}.
 *
 * @example
 * ```ts
 * const options: GenerateEntitySourceOptions = { style: 'defineEntity', imports: { csv: { from: './csv.js' } } };
 * ```
 */
export interface GenerateEntitySourceOptions {
  /** `decorators` (default): a decorated class; `defineEntity`: a plain class and a `defineEntity()` call. */
  readonly style?: 'decorators' | 'defineEntity';
  /**
   * Imports by protobuf type name or user codec name (`{ custom: name }`). Protobuf types with a `file` need none.
   * An entity name imports that entity instead of declaring it (a parent generated into its own module): its
   * children refer to the imported class, or with `defineEntity` to its `<name>Entity` constant.
   */
  readonly imports?: Readonly<Record<string, CodecImport>>;
  /** Package to import the SDK from. Default `bigtable-mapper`. */
  readonly packageName?: string;
  /**
   * What the first line says the source was generated from. Default: `a row-key schema file and a families file`
   * (`row-key schema files and families files` for several entities).
   */
  readonly generatedFrom?: string;
  /**
   * Comment lines (without `//`) written into the source: `top` above the class, `properties` above the declaration
   * of a key part or property (codegen from a live table writes its guesses and their evidence there).
   */
  readonly comments?: {
    readonly top?: readonly string[];
    readonly properties?: Readonly<Record<string, readonly string[]>>;
  };
}

function fileBytes(value: FileQualifier): Uint8Array {
  return typeof value === 'string' ? new TextEncoder().encode(value) : base64Bytes(value.base64);
}

function bytesDoc(bytes: Uint8Array): SourceDoc {
  const text = utf8DecodeStrict(bytes);
  return text !== undefined ? quote(text) : { call: 'Uint8Array.of', args: [...bytes].map(String) };
}

function durationDoc(ms: number): SourceDoc {
  const units: [string, number][] = [
    ['days', 86_400_000],
    ['hours', 3_600_000],
    ['minutes', 60_000],
    ['seconds', 1000],
    ['millis', 1],
  ];
  const entries: [string, SourceDoc][] = [];
  let rest = ms;
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) entries.push([name, String(n)]);
  }
  return { object: entries };
}

function gcDoc(rule: GcRule): SourceDoc {
  if ('maxVersions' in rule) return { call: 'Gc.maxVersions', args: [String(rule.maxVersions)] };
  if ('maxAgeMillis' in rule) return { call: 'Gc.maxAge', args: [durationDoc(rule.maxAgeMillis)] };
  if ('union' in rule) return { call: 'Gc.union', args: rule.union.map(gcDoc) };
  return { call: 'Gc.intersection', args: rule.intersection.map(gcDoc) };
}

/** Collects problems, imports and the pieces of one generated file. */
class Generator {
  readonly problems: MetadataProblem[] = [];
  readonly sdk = new Set<string>();
  readonly decorators = new Set<string>();
  readonly typeImports = new Set<string>();
  readonly external = new Map<string, Set<string>>();

  /** The families file of the entity being generated; problems name its entity. */
  file: FamiliesFile | undefined;

  constructor(readonly options: GenerateEntitySourceOptions) {}

  problem(message: string, property?: string): void {
    this.problems.push({
      entity: this.file?.entity ?? 'schema files',
      ...(property === undefined ? {} : { property }),
      message,
    });
  }

  imported(ref: string, property: string): string | undefined {
    const spec = this.options.imports?.[ref];
    if (!spec) {
      this.problem(
        `needs an import for ${JSON.stringify(ref)}: pass imports: { ${JSON.stringify(ref)}: { from } }`,
        property,
      );
      return undefined;
    }
    const name = spec.name ?? ref.split('.').at(-1)!;
    if (!isIdentifier(name))
      this.problem(`import name ${JSON.stringify(name)} is not an identifier`, property);
    this.addImport(spec.from, name);
    return name;
  }

  addImport(from: string, name: string): void {
    const names = this.external.get(from) ?? new Set<string>();
    names.add(name);
    this.external.set(from, names);
  }

  /**
   * How a child refers to its parent: by class name, or (defineEntity) by the `<Parent>Entity` constant that carries
   * its key parts to TypeScript; imported from where `imports` says the parent's generated module is.
   */
  parentRef(parent: string): string {
    const spec = this.options.imports?.[parent];
    const base = spec?.name ?? parent;
    const name = (this.options.style ?? 'decorators') === 'defineEntity' ? `${base}Entity` : base;
    if (spec) this.addImport(spec.from, name);
    return name;
  }

  /** A codec argument of a column, map or set: a builtin name, an imported user codec, or Codecs.protobuf(Type). */
  codec(codec: FileCodec, property: string): SourceDoc {
    if (typeof codec === 'string') return quote(codec);
    if ('custom' in codec) return this.imported(codec.custom, property) ?? 'undefined';
    const type = this.imported(codec.protobuf, property) ?? 'undefined';
    this.sdkName('Codecs');
    const output = codec.output === 'message' ? [{ object: [['output', "'message'"]] } as SourceDoc] : [];
    return { call: 'Codecs.protobuf', args: [type, ...output] };
  }

  sdkName(name: string): void {
    if (this.options.style === 'defineEntity') this.sdk.add(name);
    else this.decorators.add(name);
  }
}

function valueType(codec: FileCodec): string {
  if (typeof codec !== 'string') return 'protobuf' in codec ? 'Record<string, unknown>' : 'unknown';
  const types: Record<string, string> = {
    string: 'string',
    int64: 'bigint',
    int64AsNumber: 'number',
    float64: 'number',
    boolean: 'boolean',
    date: 'Date',
    bytes: 'Uint8Array',
    json: 'unknown',
  };
  return types[codec]!;
}

function keyPartType(options: Record<string, unknown>): string {
  switch (options['type']) {
    case 'bytes':
      return 'Uint8Array';
    case 'int64':
    case 'reversedInt64':
      return options['as'] === 'number' ? 'number' : 'bigint';
    case 'timestamp':
    case 'reversedTimestamp':
      return options['as'] === 'micros' ? 'bigint' : 'Date';
    default:
      return 'string';
  }
}

/** One property: how it is declared (the decorator or the defineEntity definition) and its TS declaration. */
interface Member {
  readonly property: string;
  readonly declaration: string;
  readonly decorator: string;
  readonly kind: string | undefined;
  readonly args: readonly (readonly [string, SourceDoc])[];
}

function qualifierEntry(property: string, qualifier: FileQualifier | undefined): [string, SourceDoc][] {
  if (qualifier === undefined) return [];
  const bytes = fileBytes(qualifier);
  return typeof qualifier === 'string' && qualifier === property ? [] : [['qualifier', bytesDoc(bytes)]];
}

function declaration(
  property: string,
  type: string,
  flags: { optional?: boolean; nullable?: boolean },
): string {
  const t = flags.nullable ? `${type} | null` : type;
  return flags.optional ? `${property}?: ${t};` : `${property}!: ${t};`;
}

function familyMembers(g: Generator, family: FileFamily): Member[] {
  const members: Member[] = [];
  const fam: [string, SourceDoc] = ['family', quote(family.name)];
  const int64 = (as: string | undefined): string => (as === 'number' ? 'number' : 'bigint');
  for (const c of family.columns ?? []) {
    const flags = (['optional', 'nullable', 'versioned'] as const).flatMap((k): [string, SourceDoc][] =>
      c[k] ? [[k, 'true']] : [],
    );
    let type = valueType(c.codec);
    if (c.versioned) {
      g.typeImports.add('Versioned');
      type = `Versioned<${type}>[]`;
    }
    const decl = declaration(c.property, type, c);
    if (typeof c.codec === 'object' && 'protobuf' in c.codec) {
      const pb = c.codec;
      const typeDoc: SourceDoc =
        pb.file !== undefined ? quote(pb.protobuf) : (g.imported(pb.protobuf, c.property) ?? 'undefined');
      members.push({
        property: c.property,
        declaration: decl,
        decorator: 'ProtobufColumn',
        kind: 'protobuf',
        args: [
          fam,
          ...qualifierEntry(c.property, c.qualifier),
          ['type', typeDoc],
          ...(pb.file !== undefined ? [['file', quote(pb.file)] as [string, SourceDoc]] : []),
          ...(pb.output !== undefined ? [['output', quote(pb.output)] as [string, SourceDoc]] : []),
          ...flags,
        ],
      });
      continue;
    }
    members.push({
      property: c.property,
      declaration: decl,
      decorator: 'Column',
      kind: undefined,
      args: [
        fam,
        ...qualifierEntry(c.property, c.qualifier),
        ['codec', g.codec(c.codec, c.property)],
        ...flags,
      ],
    });
  }
  const cells = [
    ['counters', 'Counter', 'counter'],
    ['aggregates', 'Aggregate', 'aggregate'],
  ] as const;
  for (const [list, decorator, kind] of cells) {
    for (const cell of family[list] ?? []) {
      let type = family.aggregate === 'hll' ? 'Uint8Array' : int64(cell.as);
      if (kind === 'aggregate' && cell.versioned) {
        g.typeImports.add('Versioned');
        type = `Versioned<${type}>[]`;
      } else if (kind === 'aggregate' && family.aggregate !== 'sum') type = `${type} | undefined`;
      members.push({
        property: cell.property,
        declaration: declaration(cell.property, type, {}),
        decorator,
        kind,
        args: [
          fam,
          ...qualifierEntry(cell.property, cell.qualifier),
          ...(cell.as === 'number' ? [['as', "'number'"] as [string, SourceDoc]] : []),
          ...(cell.versioned ? [['versioned', 'true'] as [string, SourceDoc]] : []),
        ],
      });
    }
  }
  if (family.version) {
    const v = family.version;
    members.push({
      property: v.property,
      declaration: declaration(v.property, int64(v.as), {}),
      decorator: 'Version',
      kind: 'version',
      args: [
        fam,
        ...qualifierEntry(v.property, v.qualifier),
        ...(v.as === 'number' ? [['as', "'number'"] as [string, SourceDoc]] : []),
      ],
    });
  }
  if (family.map) {
    const m = family.map;
    members.push({
      property: m.property,
      declaration: declaration(m.property, `Map<${valueType(m.key)}, ${valueType(m.value)}>`, {}),
      decorator: 'QualifierMap',
      kind: 'map',
      args: [fam, ['key', g.codec(m.key, m.property)], ['value', g.codec(m.value, m.property)]],
    });
  }
  if (family.set) {
    const s = family.set;
    members.push({
      property: s.property,
      declaration: declaration(s.property, `Set<${valueType(s.key)}>`, {}),
      decorator: 'QualifierSet',
      kind: 'set',
      args: [fam, ['key', g.codec(s.key, s.property)]],
    });
  }
  return members;
}

function entityOptions(g: Generator, file: FamiliesFile, layout: FilesKeyLayout): [string, SourceDoc][] {
  const entries: [string, SourceDoc][] = [['table', quote(file.table)]];
  if (layout.parent) {
    entries.push(['parent', g.parentRef(layout.parent.entity)]);
    if (layout.parent.literal !== undefined) entries.push(['literal', literalDoc(layout.parent.literal)]);
    return entries; // the encoding, delimiter and salt are the parent's
  }
  if (layout.prefix !== undefined) entries.push(['prefix', literalDoc(layout.prefix)]);
  if (layout.encoding.kind === 'orderedCode') entries.push(['encoding', "'orderedCode'"]);
  else if (utf8DecodeStrict(layout.encoding.delimiter) !== '#')
    entries.push(['delimiter', bytesDoc(layout.encoding.delimiter)]);
  if (layout.salt)
    entries.push([
      'salt',
      {
        object: [
          ['buckets', String(layout.salt.buckets)],
          ...(layout.salt.of ? [['of', { array: layout.salt.of.map(quote) }] as [string, SourceDoc]] : []),
        ],
      },
    ]);
  return entries;
}

function familyOptions(family: FileFamily): [string, SourceDoc][] {
  return [
    ...(family.gc ? [['gc', gcDoc(family.gc)] as [string, SourceDoc]] : []),
    ...(family.aggregate ? [['aggregate', quote(family.aggregate)] as [string, SourceDoc]] : []),
  ];
}

function keyPartDoc(options: Record<string, unknown>): SourceDoc {
  const entries = Object.entries(options).map(([k, v]): [string, SourceDoc] => [
    k,
    typeof v === 'string' ? quote(v) : String(v),
  ]);
  return entries.length === 1 ? entries[0]![1] : { object: entries };
}

function importLine(names: Iterable<string>, from: string, typeOnly = false): string {
  const sorted = [...names].sort();
  const head = `import ${typeOnly ? 'type ' : ''}{ `;
  const inline = `${head}${sorted.join(', ')} } from ${quote(from)};`;
  // prettier never breaks an import of a single name.
  if (inline.length <= 110 || sorted.length === 1) return inline;
  return `import ${typeOnly ? 'type ' : ''}{\n${sorted.map((n) => `  ${n},`).join('\n')}\n} from ${quote(from)};`;
}

function line(prefix: string, doc: SourceDoc, suffix: string, indent: number): string {
  return `${prefix}${layoutDoc(doc, indent, prefix.length, suffix.length)}${suffix}`;
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
 *   { style: 'decorators', imports: { 'media.v1.Thumbnail': { from: './media-types.js' } } },
 * );
 * ```
 */
export function generateEntitySource(
  rowKeySchema: RowKeySchema,
  families: FamiliesFile,
  options: GenerateEntitySourceOptions = {},
): string {
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
  const g = new Generator(options);
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

/** The class of one entity (and its `defineEntity()` call), recording in `g` what it imports. */
function entityLines(
  g: Generator,
  families: FamiliesFile,
  layout: FilesKeyLayout,
  members: Member[],
): string[] {
  const { options } = g;
  const style = options.style ?? 'decorators';
  const name = families.entity;
  const inherited = layout.parent?.parts ?? [];
  const parts = layout.items.flatMap((i) => (i.part ? [i.part] : []));
  const body: string[] = [];
  const keyPartsLine = line(
    '  declare static readonly keyParts: readonly ',
    { array: [...inherited, ...parts].map((p) => quote(p.property)) },
    ';',
    2,
  );
  const inheritedLines = inherited.flatMap((part) => [
    ...commentLines(options, part.property),
    `  ${declaration(part.property, keyPartType(part.options), {})} // a key part of ${layout.parent!.entity}`,
  ]);
  const classOut: string[] = [];
  if (families.families.some((f) => f.gc !== undefined)) g.sdkName('Gc');

  if (style === 'decorators') {
    g.decorators.add('Entity');
    if (parts.length > 0) g.decorators.add('KeyPart');
    classOut.push(line('@Entity(', { object: entityOptions(g, families, layout) }, ')', 0));
    layout.items.forEach((item, position) => {
      if (item.literal) {
        g.decorators.add('KeyLiteral');
        classOut.push(line('@KeyLiteral(', `${position}, ${inlineBytes(item.literal)}`, ')', 0));
      }
    });
    for (const family of families.families) {
      g.decorators.add('Family');
      const opts = familyOptions(family);
      classOut.push(
        line(
          '@',
          { call: 'Family', args: [quote(family.name), ...(opts.length ? [{ object: opts }] : [])] },
          '',
          0,
        ),
      );
    }
    body.push(keyPartsLine, ...inheritedLines);
    layout.items.forEach((item, position) => {
      if (!item.part) return;
      body.push(...commentLines(options, item.part.property));
      body.push(
        line('  @', { call: 'KeyPart', args: [String(position), keyPartDoc(item.part.options)] }, '', 2),
      );
      body.push(`  ${declaration(item.part.property, keyPartType(item.part.options), {})}`);
    });
    for (const m of members) {
      g.decorators.add(m.decorator);
      body.push(...commentLines(options, m.property));
      body.push(line('  @', { call: m.decorator, args: [{ object: m.args }] }, '', 2));
      body.push(`  ${m.declaration}`);
    }
    return [...classOut, `export class ${name} {`, ...body, '}'];
  }
  g.sdk.add('defineEntity');
  body.push(...inheritedLines);
  for (const item of parts)
    body.push(
      ...commentLines(options, item.property),
      `  ${declaration(item.property, keyPartType(item.options), {})}`,
    );
  for (const m of members) body.push(...commentLines(options, m.property), `  ${m.declaration}`);
  const key: SourceDoc = {
    array: layout.items.map((item) =>
      item.literal
        ? { object: [['literal', literalDoc(item.literal)]] }
        : {
            object: [
              ['property', quote(item.part!.property)],
              ...Object.entries(item.part!.options).map(([k, v]): [string, SourceDoc] => [
                k,
                typeof v === 'string' ? quote(v) : String(v),
              ]),
            ],
          },
    ),
  };
  const definition: SourceDoc = {
    object: [
      ...entityOptions(g, families, layout),
      ['key', key],
      [
        'families',
        {
          object: families.families.map((f): [string, SourceDoc] => [
            propertyKey(f.name),
            { object: familyOptions(f) },
          ]),
        },
      ],
      [
        'properties',
        {
          object: members.map((m): [string, SourceDoc] => [
            m.property,
            { object: [...(m.kind ? [['kind', quote(m.kind)] as [string, SourceDoc]] : []), ...m.args] },
          ]),
        },
      ],
    ],
  };
  return [
    `export class ${name} {`,
    ...body,
    '}',
    '',
    line(`export const ${name}Entity = `, { call: 'defineEntity', args: [name, definition] }, ';', 0),
  ];
}

function commentLines(options: GenerateEntitySourceOptions, property: string): string[] {
  return (options.comments?.properties?.[property] ?? []).map((text) => `  // ${text}`.trimEnd());
}

function inlineBytes(value: string | Uint8Array): string {
  return typeof value === 'string' ? quote(value) : `Uint8Array.of(${[...value].join(', ')})`;
}

function literalDoc(value: string | Uint8Array): SourceDoc {
  return typeof value === 'string' ? quote(value) : { call: 'Uint8Array.of', args: [...value].map(String) };
}
