import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import { bytesDoc, inlineBytes, literalDoc } from './bytes-doc.js';
import type { FamiliesFile } from '../files/families-file-types.js';
import type { Member } from './family-members.js';
import { declaration, familyOptions, keyPartType } from './family-members.js';
import type { FilesKeyLayout } from '../files/files-key-layout.js';
import type { GenerateEntitySourceOptions } from './generate-entity-source-options.js';
import type { SourceGenerator } from './source-generator.js';
import type { SourceDoc } from './source-layout.js';
import { layoutDoc, propertyKey, quote } from './source-layout.js';
// One entity's class in either style; its key, families and properties come from the schema files' layout.

function entityOptions(
  g: SourceGenerator,
  file: FamiliesFile,
  layout: FilesKeyLayout,
): [string, SourceDoc][] {
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

function keyPartDoc(options: Record<string, unknown>): SourceDoc {
  const entries = Object.entries(options).map(([k, v]): [string, SourceDoc] => [
    k,
    typeof v === 'string' ? quote(v) : String(v),
  ]);
  return entries.length === 1 ? entries[0]![1] : { object: entries };
}

function line(prefix: string, doc: SourceDoc, suffix: string, indent: number): string {
  return `${prefix}${layoutDoc(doc, indent, prefix.length, suffix.length)}${suffix}`;
}
/** The class of one entity (and its `defineEntity()` call), recording in `g` what it imports. */
export function entityLines(
  g: SourceGenerator,
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
