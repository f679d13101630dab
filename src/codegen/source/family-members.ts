import { bytesDoc, fileBytes } from './bytes-doc.js';
import type { FileCodec, FileFamily, FileQualifier } from '../files/families-file-types.js';
import { gcDoc } from './gc-doc.js';
import type { SourceGenerator } from './source-generator.js';
import type { SourceDoc } from './source-layout.js';
import { quote } from './source-layout.js';
// The properties one column family declares, with the TypeScript type each decoded value has.

export function valueType(codec: FileCodec): string {
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

export function keyPartType(options: Record<string, unknown>): string {
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
export interface Member {
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

export function declaration(
  property: string,
  type: string,
  flags: { optional?: boolean; nullable?: boolean },
): string {
  const t = flags.nullable ? `${type} | null` : type;
  return flags.optional ? `${property}?: ${t};` : `${property}!: ${t};`;
}

export function familyMembers(g: SourceGenerator, family: FileFamily): Member[] {
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
    const counting =
      m.cells === undefined ? undefined : m.cells === 'counter' ? 'CounterMap' : 'AggregateMap';
    members.push({
      property: m.property,
      declaration: declaration(m.property, `Map<${valueType(m.key)}, ${valueType(m.value)}>`, {}),
      decorator: counting ?? 'QualifierMap',
      kind: counting === undefined ? 'map' : m.cells === 'counter' ? 'counterMap' : 'aggregateMap',
      args:
        counting === undefined
          ? [fam, ['key', g.codec(m.key, m.property)], ['value', g.codec(m.value, m.property)]]
          : [
              fam,
              ['key', g.codec(m.key, m.property)],
              ...(m.value === 'int64AsNumber' ? [['as', "'number'"] as [string, SourceDoc]] : []),
            ],
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

export function familyOptions(family: FileFamily): [string, SourceDoc][] {
  return [
    ...(family.gc ? [['gc', gcDoc(family.gc)] as [string, SourceDoc]] : []),
    ...(family.aggregate ? [['aggregate', quote(family.aggregate)] as [string, SourceDoc]] : []),
  ];
}
