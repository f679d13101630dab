import { describe, expect, it } from 'vitest';
import { MetadataError } from '../../../../src/errors/metadata-error.js';
import { formatFamiliesFile } from '../../../../src/codegen/files/format-families-file.js';
import { parseFamiliesFile } from '../../../../src/codegen/files/parse-families-file.js';
import { SEED_FAMILIES } from './seed-device-files.js';

function problems(text: string): string[] {
  try {
    parseFamiliesFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(MetadataError);
    return (error as MetadataError).problems.map((p) => `${p.property}: ${p.message}`);
  }
  return expect.fail('expected a MetadataError');
}

describe('parseFamiliesFile', () => {
  it('reads every kind of family content, in file order', () => {
    const file = parseFamiliesFile(SEED_FAMILIES);
    expect(file.table).toBe('devices');
    expect(file.families.map((f) => f.name)).toEqual([
      'stats_summary',
      'readings',
      'tags',
      'counters',
      'meta',
    ]);
    expect(file.families[1]).toEqual({
      name: 'readings',
      gc: { union: [{ maxVersions: 10 }, { maxAgeMillis: 7 * 86_400_000 }] },
      columns: [{ property: 'temperature', codec: 'float64', versioned: true }],
    });
    expect(file.families[2]?.set).toEqual({ property: 'tags', key: 'string' });
    expect(file.families[4]?.version).toEqual({ property: 'version', qualifier: 'v', as: 'number' });
  });

  it('round-trips through formatFamiliesFile, in YAML and JSON', () => {
    const file = parseFamiliesFile(SEED_FAMILIES);
    expect(parseFamiliesFile(formatFamiliesFile(file))).toEqual(file);
    expect(parseFamiliesFile(formatFamiliesFile(file, { format: 'json' }))).toEqual(file);
  });

  it('reads key hints, binary qualifiers, protobuf and user codecs, aggregates', () => {
    const file = parseFamiliesFile(`
table: t
entity: T
key:
  literal_0: { literal: { base64: AP8= } }
  salt: { salt: { buckets: 8, of: [id] } }
  at: { type: reversedTimestamp, unit: micros, as: micros }
families:
  d:
    columns:
      - { property: blob, qualifier: { base64: AAE= }, codec: { protobuf: a.B, file: a.proto, output: message } }
      - { property: points, codec: { custom: point32 }, nullable: true }
  views:
    aggregate: max
    aggregates: [{ property: peak, as: number, versioned: true }]
`);
    expect(file.key).toEqual({
      literal_0: { literal: { base64: 'AP8=' } },
      salt: { salt: { buckets: 8, of: ['id'] } },
      at: { type: 'reversedTimestamp', unit: 'micros', as: 'micros' },
    });
    expect(file.families[0]?.columns?.[0]).toEqual({
      property: 'blob',
      qualifier: { base64: 'AAE=' },
      codec: { protobuf: 'a.B', file: 'a.proto', output: 'message' },
    });
    expect(file.families[1]).toEqual({
      name: 'views',
      aggregate: 'max',
      aggregates: [{ property: 'peak', as: 'number', versioned: true }],
    });
  });

  it('lists every problem with its path in one MetadataError', () => {
    expect(
      problems(`
table: t
entity: 9lives
key:
  at: { type: time }
families:
  d:
    gc: { maxAge: 3 weeks }
    columns:
      - { property: a, codec: int32 }
      - { property: b, codec: string, optional: yes, colour: red }
  m:
    map: { property: m, key: string }
    counters: [{ property: c }]
  x:
    aggregate: avg
`),
    ).toEqual([
      'entity: expected a class name',
      'key.at.type: expected one of string, bytes, int64, timestamp, reversedTimestamp, reversedInt64, reversedDomain, got "time"',
      'families.d.gc.maxAge: expected a duration such as 30d, 12h, 5m, 10s, 250ms, got "3 weeks"',
      'families.d.columns[0].codec: unknown codec "int32"; expected one of string, int64, int64AsNumber, float64, boolean, date, bytes, json, { protobuf }, { custom }',
      'families.d.columns[1].colour: unknown key; expected one of property, qualifier, codec, optional, nullable, versioned',
      'families.d.columns[1].optional: expected true or false, got "yes"',
      'families.m.map.value: a codec is required: one of string, int64, int64AsNumber, float64, boolean, date, bytes, json, { protobuf }, { custom }',
      'families.m: a map or set owns its family; it cannot also hold counters',
      'families.x.aggregate: expected sum, min, max or hll, got "avg"',
    ]);
  });

  it('checks table and family names, aggregate placement and properties declared twice', () => {
    expect(
      problems(`
table: 'bad table'
entity: T
families:
  'a b':
    columns: [{ property: x, codec: string }]
  v:
    aggregates: [{ property: y }]
  s:
    aggregate: sum
    aggregates: [{ property: x }]
    counters: [{ property: z }]
`),
    ).toEqual([
      'table: table "bad table" must match [_a-zA-Z0-9][-_.a-zA-Z0-9]*',
      'families.a b: family name "a b" must match [-_.a-zA-Z0-9]+',
      'families.v.aggregates: aggregates need an aggregate family: add aggregate: sum | min | max | hll',
      'families.s: an aggregate family (sum) holds aggregates (or an aggregate map) only',
      'families.s: property x is already declared in family a b',
    ]);
  });

  it('names a map sharing its family, invalid YAML and a missing table', () => {
    expect(
      problems(
        'table: t\nentity: T\nfamilies:\n  m:\n    set: { property: s, key: string }\n    columns: []\n',
      ),
    ).toEqual(['families.m: a map or set owns its family; it cannot also hold columns']);
    expect(problems('entity: T\nfamilies: {}\n')).toEqual([
      'table: expected a non-empty string, got undefined',
    ]);
    expect(() => parseFamiliesFile('table: [')).toThrow(/not valid YAML/);
    expect(() => parseFamiliesFile('{"table": 1', { format: 'json' })).toThrow(/not valid JSON/);
  });
});
