// The pure halves of codegen from a live table: value codecs, key layouts and families guessed from samples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { RowData } from '../../../../src/model/row-data.js';
import {
  schemaFilesEntities,
  schemaFilesMetadata,
} from '../../../../src/codegen/files/schema-files-metadata.js';
import { inferHierarchy } from '../../../../src/codegen/infer/infer-hierarchy.js';
import { inferFamilies } from '../../../../src/codegen/infer/infer-families.js';
import { inferEntitiesFromSample } from '../../../../src/codegen/infer/infer-table-entities.js';
import { inferKeyLayout } from '../../../../src/codegen/infer/infer-key-layout.js';
import { guessValueCodec, looksLikeProtobuf } from '../../../../src/codegen/infer/infer-value-codec.js';
import { planSampleRanges } from '../../../../src/codegen/infer/sample-table.js';
import { confidenceOf, inferenceComment } from '../../../../src/codegen/infer/inference.js';
import { float64Bytes, int64Bytes } from '../../../support/generated-sources.js';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const int64 = int64Bytes;
const float64 = float64Bytes;

describe('guessValueCodec', () => {
  it('8 bytes: int64, float64 or date, with evidence and confidence', () => {
    const ints = Array.from({ length: 12 }, (_, i) => int64(BigInt(i * 1000 - 5)));
    expect(guessValueCodec(ints)).toMatchObject({
      codec: 'int64',
      evidence: '12/12 sampled cells are 8 bytes',
      confidence: 'high',
    });
    expect(guessValueCodec([0.5, 3.25, -12.125].map(float64)).codec).toBe('float64');
    expect(guessValueCodec([int64(1_700_000_000_000n), int64(1_600_000_000_000n)]).codec).toBe('date');
    expect(guessValueCodec([int64(3n)]).confidence).toBe('medium');
  });

  it('text, JSON, booleans, protobuf-looking and other bytes', () => {
    expect(guessValueCodec([text('a'), text('é')]).codec).toBe('string');
    expect(guessValueCodec([text('{"a":1}'), text(' [1, 2]')]).codec).toBe('json');
    expect(guessValueCodec([text('{"a":1}'), text('{nope')]).codec).toBe('string');
    expect(guessValueCodec([Uint8Array.of(0), Uint8Array.of(1)]).codec).toBe('boolean');
    const pb = guessValueCodec([Uint8Array.of(0x08, 0x96, 0x01), Uint8Array.of(0x12, 0x01, 0x00)]);
    expect(pb).toMatchObject({ codec: 'bytes', note: expect.stringMatching(/protobuf/) });
    expect(guessValueCodec([Uint8Array.of(0xff, 0xfe, 0x00)]).codec).toBe('bytes');
    expect(guessValueCodec([])).toMatchObject({ codec: 'bytes', confidence: 'low' });
  });

  it('property: any int64 of modest size is int64; any UTF-8 text without controls is string or json', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }), { minLength: 1 }), (ns) => {
        // Values in 2000-2100 epoch ms read as dates: keep them out.
        const values = ns.filter((n) => n < 946_684_800_000n).map(int64);
        fc.pre(values.length > 0);
        expect(guessValueCodec(values).codec).toBe('int64');
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1 }), (strings) => {
        const values = strings.map(text).filter((v) => v.length !== 8 && !(v.length === 1 && v[0]! <= 1));
        fc.pre(values.length > 0);
        expect(['string', 'json']).toContain(guessValueCodec(values).codec);
      }),
    );
  });

  it('looksLikeProtobuf: wire format to the last byte, nothing else', () => {
    expect(looksLikeProtobuf(Uint8Array.of(0x08, 0x96, 0x01, 0x15, 1, 2, 3, 4))).toBe(true);
    expect(looksLikeProtobuf(Uint8Array.of(0x08))).toBe(false);
    expect(looksLikeProtobuf(text('hello'))).toBe(false);
    expect(looksLikeProtobuf(new Uint8Array())).toBe(false);
  });
});

describe('inferKeyLayout', () => {
  it('a delimited key: literal, string, zero-padded int64, reversed timestamp, reversed domain', () => {
    const now = 1_700_000_000_000n;
    const keys = [0, 1, 2, 3].map((i) =>
      text(
        `page#com.example${i}.www#${String(i * 7).padStart(4, '0')}#${9_223_372_036_854_775_807n - (now + BigInt(i))}`,
      ),
    );
    const guess = inferKeyLayout(keys, ['site', 'shard', 'at']);
    expect(guess.segments).toEqual([
      { type: 'literal', value: 'page', name: 'literal_0' },
      { type: 'reversedDomain', name: 'site' },
      { type: 'int64', name: 'shard', width: 4, as: 'number' },
      { type: 'reversedTimestamp', name: 'at' },
    ]);
    expect(inferenceComment(guess.inferences[0]!)).toBe(
      "inferred delimited by '#', 4 fields: 4/4 sampled keys split into 4 fields at '#' (medium confidence)",
    );
  });

  it('falls back to the whole key when fields differ in number or a delimiter cannot be stored', () => {
    expect(inferKeyLayout([text('a#b'), text('a#b#c')]).segments).toEqual([{ type: 'string', name: 'key' }]);
    // ':' is above the digits: a sorted delimited key cannot hold 'user:42'.
    const colon = inferKeyLayout([text('user:42'), text('user:43')]);
    expect(colon.encoding).toEqual({ kind: 'orderedCode' });
    expect(colon.inferences[0]!.evidence).toMatch(/a sorted delimited key cannot store/);
    expect(inferKeyLayout([Uint8Array.of(0xff, 0), Uint8Array.of(1)]).segments).toEqual([
      { type: 'bytes', name: 'key' },
    ]);
  });

  it('numbers of varying length stay strings (they sort as text)', () => {
    expect(inferKeyLayout([text('u#7'), text('u#12')]).segments[1]).toEqual({
      type: 'string',
      name: 'part1',
    });
  });

  it('property: keys encoded from a random layout are inferred as a layout that decodes every one of them', () => {
    const layout = fc.record({
      literal: fc.constantFrom('dev', 'user', 'order'),
      width: fc.integer({ min: 2, max: 12 }),
      values: fc.array(fc.record({ s: fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), n: fc.nat({ max: 99 }) }), {
        minLength: 2,
        maxLength: 30,
      }),
    });
    fc.assert(
      fc.property(layout, ({ literal, width, values }) => {
        // A field with one value in every sampled key is inferred as a literal (seed -1485737921: n always 0).
        fc.pre(new Set(values.map((v) => v.s)).size > 1 && new Set(values.map((v) => v.n)).size > 1);
        const keys = values.map((v) => text(`${literal}#${v.s}#${String(v.n).padStart(width, '0')}`));
        const guess = inferKeyLayout(keys);
        const codec = createKeyCodec({ entity: 'P', segments: guess.segments, encoding: guess.encoding });
        for (const [i, key] of keys.entries()) {
          expect(codec.encode(codec.decode(key))).toEqual(key);
          expect(Number(codec.decode(key)['part2'])).toBe(values[i]!.n);
        }
      }),
    );
  });
});

describe('inferFamilies', () => {
  const row = (key: string, cells: Array<[string, string, Uint8Array]>): RowData => ({
    key: text(key),
    cells: cells.map(([family, qualifier, value]) => ({
      family,
      qualifier: text(qualifier),
      timestampMicros: 0n,
      value,
      labels: [],
    })),
  });

  it('columns with optional presence, a map by qualifier count, an aggregate, deterministic order', () => {
    const rows = Array.from({ length: 6 }, (_, i) =>
      row(`k${i}`, [
        ['m', `q${i}a`, int64(1n)],
        ['m', `q${i}b`, int64(2n)],
        ['s', 'os_build', text('x')],
        ...(i % 2 ? [['s', '2fa', text('y')] as [string, string, Uint8Array]] : []),
        ['v', 'n', int64(5n)],
      ]),
    );
    const guess = inferFamilies(
      rows,
      { v: { aggregate: 'sum' }, s: { gcRule: { maxVersions: 1 } }, m: {} },
      {
        taken: new Set(['osBuild']),
      },
    );
    expect(guess.families).toEqual([
      { name: 'm', map: { property: 'm', key: 'string', value: 'int64' } },
      {
        name: 's',
        gc: { maxVersions: 1 },
        columns: [
          { property: 'c2fa', qualifier: '2fa', codec: 'string', optional: true },
          { property: 'osBuild2', qualifier: 'os_build', codec: 'string' },
        ],
      },
      { name: 'v', aggregate: 'sum', aggregates: [{ property: 'n' }] },
    ]);
    expect(guess.inferences.find((i) => i.subject === 'm')!.conclusion).toBe(
      'Map<string, int64> (qualifier-as-data)',
    );
  });

  it('a family with few qualifiers present in every row is columns, not a map', () => {
    const rows = Array.from({ length: 8 }, (_, i) =>
      row(
        `k${i}`,
        ['a', 'b', 'c', 'd'].map((q): [string, string, Uint8Array] => ['f', q, text('v')]),
      ),
    );
    expect(inferFamilies(rows, { f: {} }).families[0]!.columns).toHaveLength(4);
  });

  it('few qualifiers that vary across rows are data: a Set when every value is empty, a Map when values agree', () => {
    const members = [
      ['alice', 'bob'],
      ['bob', 'carol', 'dave'],
      ['alice', 'carol'],
      ['alice', 'bob', 'erin'],
    ];
    const rows = members.map((names, i) =>
      row(`conv#c${i}`, [
        ['d', 'title', text(`t${i}`)],
        ...names.map((n): [string, string, Uint8Array] => ['members', n, new Uint8Array()]),
        ...names.map((n): [string, string, Uint8Array] => ['roles', n, text(i ? 'member' : 'owner')]),
      ]),
    );
    const guess = inferFamilies(rows, { d: {}, members: {}, roles: {} });
    expect(guess.families).toEqual([
      { name: 'd', columns: [{ property: 'title', codec: 'string' }] },
      { name: 'members', set: { property: 'members', key: 'string' } },
      { name: 'roles', map: { property: 'roles', key: 'string', value: 'string' } },
    ]);
    expect(guess.inferences.find((i) => i.subject === 'members')).toMatchObject({
      conclusion: 'Set<string> (qualifier-as-data)',
      evidence:
        '5 distinct qualifiers across 4 sampled rows in 4 different sets, none in every row, every value empty: ' +
        'the qualifiers are data; 10/10 sampled values are empty',
    });
    // Optional columns of a record: one qualifier in every row, or values of different kinds, stay columns.
    const record = [0, 1, 2, 3].map((i) =>
      row(`k${i}`, [
        ['p', 'name', text('n')],
        ...(i % 2 ? [['p', 'bio', text('b')] as [string, string, Uint8Array]] : []),
        ...(i % 3 ? [['p', 'site', text('s')] as [string, string, Uint8Array]] : []),
      ]),
    );
    expect(inferFamilies(record, { p: {} }).families[0]!.columns).toHaveLength(3);
    const mixed = [0, 1, 2, 3].map((i) =>
      row(`k${i}`, [
        ...(i % 2 ? [['p', 'bio', text('b')] as [string, string, Uint8Array]] : []),
        ...(i % 2 ? [] : [['p', 'age', int64(40n)] as [string, string, Uint8Array]]),
        ...(i === 3 ? [['p', 'site', text('s')] as [string, string, Uint8Array]] : []),
      ]),
    );
    expect(inferFamilies(mixed, { p: {} }).families[0]!.columns).toHaveLength(3);
  });

  it('a counter from its increment history; an 8-byte integer without history stays an int64 column, noted', () => {
    const versions = (family: string, qualifier: string, values: bigint[]): RowData['cells'] =>
      values.map((v, i) => ({
        family,
        qualifier: text(qualifier),
        timestampMicros: BigInt(1000 * (values.length - i)),
        value: int64(v),
        labels: [],
      }));
    const rows: RowData[] = [
      { key: text('u1'), cells: [...versions('c', 'unread', [3n, 2n, 1n]), ...versions('c', 'seq', [7n])] },
      { key: text('u2'), cells: [...versions('c', 'unread', [1n]), ...versions('c', 'seq', [9n])] },
    ];
    const guess = inferFamilies(rows, { c: {} });
    expect(guess.families).toEqual([
      { name: 'c', columns: [{ property: 'seq', codec: 'int64' }], counters: [{ property: 'unread' }] },
    ]);
    expect(guess.inferences.find((i) => i.subject === 'unread')).toMatchObject({
      conclusion: 'counter',
      confidence: 'medium',
      evidence: expect.stringContaining(
        '1/2 sampled rows hold up to 3 versions of this 8-byte big-endian integer',
      ),
    });
    expect(guess.inferences.find((i) => i.subject === 'seq')!.evidence).toContain(
      'if it is incremented (ReadModifyWriteRow), declare it a counter',
    );
    // A version history that ever decreases is not one of increments.
    const decreasing: RowData = { key: text('u3'), cells: versions('c', 'unread', [1n, 5n]) };
    expect(inferFamilies([decreasing], { c: {} }).families[0]).toEqual({
      name: 'c',
      columns: [{ property: 'unread', codec: 'int64' }],
    });
  });

  it('a counter map: qualifiers that vary across rows, 8-byte values with an increment history', () => {
    const versions = (qualifier: string, values: bigint[]): RowData['cells'] =>
      values.map((v, i) => ({
        family: 'unread',
        qualifier: text(qualifier),
        timestampMicros: BigInt(1000 * (values.length - i)),
        value: int64(v),
        labels: [],
      }));
    const rows: RowData[] = [
      { key: text('c1'), cells: [...versions('ann', [2n, 1n]), ...versions('bob', [1n])] },
      { key: text('c2'), cells: [...versions('bob', [3n, 2n, 1n]), ...versions('cid', [1n])] },
      { key: text('c3'), cells: [...versions('ann', [1n]), ...versions('cid', [4n, 3n])] },
    ];
    const guess = inferFamilies(rows, { unread: {} });
    expect(guess.families).toEqual([
      { name: 'unread', map: { property: 'unread', key: 'string', value: 'int64', cells: 'counter' } },
    ]);
    expect(guess.inferences.find((i) => i.subject === 'unread')).toMatchObject({
      conclusion: 'CounterMap<string> (qualifier-as-data counters)',
      evidence: expect.stringContaining('the qualifiers are data; 3/6 sampled rows hold up to 3 versions'),
    });
    // Without a history, the same values are a plain Map<string, int64>.
    const flat = rows.map((r) => ({ ...r, cells: r.cells.filter((c) => c.timestampMicros === 1000n) }));
    expect(inferFamilies(flat, { unread: {} }).families[0]!.map).toEqual({
      property: 'unread',
      key: 'string',
      value: 'int64',
    });
  });

  it('an aggregate map: an aggregate family whose qualifiers vary across rows; fixed qualifiers stay aggregates', () => {
    const sums = (family: string, counts: Record<string, bigint>): RowData['cells'] =>
      Object.entries(counts).map(([qualifier, v]) => ({
        family,
        qualifier: text(qualifier),
        timestampMicros: 1000n,
        value: int64(v),
        labels: [],
      }));
    const rows: RowData[] = [
      { key: text('m1'), cells: [...sums('r', { like: 2n, heart: 1n }), ...sums('v', { views: 5n })] },
      { key: text('m2'), cells: [...sums('r', { laugh: 1n }), ...sums('v', { views: 1n })] },
      { key: text('m3'), cells: [...sums('r', { like: 4n, laugh: 3n }), ...sums('v', { views: 2n })] },
    ];
    const guess = inferFamilies(rows, { r: { aggregate: 'sum' }, v: { aggregate: 'sum' } });
    expect(guess.families).toEqual([
      {
        name: 'r',
        aggregate: 'sum',
        map: { property: 'r', key: 'string', value: 'int64', cells: 'aggregate' },
      },
      { name: 'v', aggregate: 'sum', aggregates: [{ property: 'views' }] },
    ]);
    expect(guess.inferences.find((i) => i.subject === 'r')).toMatchObject({
      conclusion: 'AggregateMap<string> (qualifier-as-data sum aggregates)',
      evidence: expect.stringContaining('the qualifiers are data; GetTable types family r as an aggregate'),
    });
    // HyperLogLog states are bytes: the map's values too.
    const hll = rows.map((r) => ({ ...r, cells: r.cells.filter((c) => c.family === 'r') }));
    expect(inferFamilies(hll, { r: { aggregate: 'hll' } }).families[0]!.map).toEqual({
      property: 'r',
      key: 'string',
      value: 'bytes',
      cells: 'aggregate',
    });
  });

  it('confidenceOf: all agree and enough, all agree and few, most agree, fewer', () => {
    expect([confidenceOf(10, 10), confidenceOf(3, 3), confidenceOf(19, 20), confidenceOf(1, 2)]).toEqual([
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });
});

describe('planSampleRanges', () => {
  it('one range per gap between split keys, each with an equal share of the rows', () => {
    const [a, b] = [text('g'), text('p')];
    expect(planSampleRanges([], 10)).toEqual([{ range: {}, rows: 10 }]);
    expect(planSampleRanges([a, b], 10)).toEqual([
      { range: { endKeyOpen: a }, rows: 4 },
      { range: { startKeyClosed: a, endKeyOpen: b }, rows: 4 },
      { range: { startKeyClosed: b }, rows: 4 },
    ]);
  });
});

describe('inferEntitiesFromSample', () => {
  const utf8 = { stringType: { encoding: { utf8Bytes: {} } } };
  const rows: RowData[] = ['phone#a1', 'tablet#b2'].map((key) => ({
    key: text(key),
    cells: [{ family: 'd', qualifier: text('name'), timestampMicros: 0n, value: text('x'), labels: [] }],
  }));

  it("takes the key from the table's row-key schema where GetTable returns one (an instance)", () => {
    const rowKeySchema = {
      fields: [
        { fieldName: 'deviceType', type: utf8 },
        { fieldName: 'deviceId', type: utf8 },
      ],
      encoding: { delimitedBytes: { delimiter: text('#') } },
    };
    const [entity] = inferEntitiesFromSample(
      { tableId: 'devices', families: { d: {} }, rowKeySchema, splits: 0, rows },
      { entity: 'Device' },
    ).entities;
    expect(entity!.source).toContain(
      "declare static readonly keyParts: readonly ['deviceType', 'deviceId'];",
    );
    expect(entity!.inferences[0]).toMatchObject({
      subject: 'key',
      conclusion: 'the row-key schema of the table',
    });
  });

  it('infers the key when the schema has no entity form, and says so', () => {
    const rowKeySchema = { fields: [{ fieldName: 'k', type: utf8 }], encoding: { singleton: {} } };
    const [entity] = inferEntitiesFromSample({
      tableId: 'devices',
      families: { d: {} },
      rowKeySchema,
      splits: 0,
      rows,
    }).entities;
    expect(entity!.inferences[0]).toMatchObject({
      subject: 'key',
      conclusion: 'a layout of its own',
      confidence: 'low',
    });
    expect(entity!.source).toContain('// key: inferred a layout of its own: the table');
    expect(entity!.entity).toBe('Devices');
  });
});

describe('inferEntitiesFromSample on an empty table', () => {
  it('gives one entity with the families and a whole-key part, marked low confidence', () => {
    const { entities } = inferEntitiesFromSample({
      tableId: 'empty_table',
      families: { d: { gcRule: { maxVersions: 1 } } },
      rowKeySchema: undefined,
      splits: 0,
      rows: [],
    });
    expect(entities).toHaveLength(1);
    expect(entities[0]!.entity).toBe('EmptyTable');
    expect(entities[0]!.familiesFile.families).toEqual([{ name: 'd', gc: { maxVersions: 1 } }]);
    expect(entities[0]!.source).toContain(
      '// key: inferred one string key part holding the whole row key: no row was sampled',
    );
    // The files describe a valid entity: a family without properties is kept (ensureSchema then keeps it too).
    const meta = schemaFilesMetadata(entities[0]!.rowKeySchema, entities[0]!.familiesFile);
    expect(meta.families.map((f) => f.name)).toEqual(['d']);
    expect(meta.key.parts.map((p) => p.property)).toEqual(['key']);
  });
});

describe('inferHierarchy: hierarchical keys in a sample', () => {
  const row = (key: string, family: string): RowData => ({
    key: text(key),
    cells: [{ family, qualifier: text('q'), timestampMicros: 0n, value: text('x'), labels: [] }],
  });
  const invoices = [
    row('0123', 'i'),
    row('0124', 'i'),
    row('0123#payment#0680', 'p'),
    row('0123#payment#0789', 'p'),
    row('0124#payment#0100', 'p'),
    row('0123#payment#0680#refund#20240101', 'r'),
  ];

  it('a parent with one field, children under a word, grandchildren under another', () => {
    const levels = inferHierarchy(invoices, ['invoiceId'])!;
    expect(levels.map((l) => [l.rows.length, l.literal])).toEqual([
      [2, undefined],
      [3, 'payment'],
      [1, 'refund'],
    ]);
    expect(levels[1]!.segments).toEqual([
      { type: 'int64', name: 'invoiceId', width: 4, as: 'number' },
      { type: 'literal', value: 'payment' },
      { type: 'int64', name: 'part2', width: 4, as: 'number' },
    ]);
    expect(levels[1]!.inferences[0]).toMatchObject({
      subject: 'key',
      conclusion: "a child key: the parent's key, 'payment', then 1 part(s) of its own",
      confidence: 'medium',
    });
  });

  it('sibling child kinds under one parent: a tree of kinds by their literal word, parts named in preorder', () => {
    const chat = [
      row('conv#c1', 'd'),
      row('conv#c2', 'd'),
      row('conv#c1#m#9223370000000000001', 'm'),
      row('conv#c1#m#9223370000000000002', 'm'),
      row('conv#c2#m#9223370000000000003', 'm'),
      row('conv#c1#u#alice', 'c'),
      row('conv#c2#u#bob', 'c'),
    ];
    const levels = inferHierarchy(chat, ['convId', 'at', 'member'])!;
    expect(levels.map((l) => [l.rows.length, l.literal, l.parent])).toEqual([
      [2, undefined, undefined],
      [3, 'm', 0],
      [2, 'u', 0],
    ]);
    expect(levels[2]!.segments).toEqual([
      { type: 'literal', name: 'literal_0', value: 'conv' },
      { type: 'string', name: 'convId' },
      { type: 'literal', value: 'u' },
      { type: 'string', name: 'member' },
    ]);
    const { entities } = inferEntitiesFromSample(
      { tableId: 'chat', families: { c: {}, d: {}, m: {} }, rowKeySchema: undefined, splits: 0, rows: chat },
      { keyNames: ['convId', 'at', 'member'] },
    );
    expect(entities.map((e) => [e.entity, e.parent, e.rows])).toEqual([
      ['Chat', undefined, 2],
      ['ChatM', 'Chat', 3],
      ['ChatU', 'Chat', 2],
    ]);
    // A sibling's source imports its parent only, never the other sibling.
    expect(entities[2]!.source).toContain("import { Chat } from './chat.js';");
    expect(entities[2]!.source).not.toContain('ChatM');
    const metas = schemaFilesEntities(
      entities.map((e) => ({ rowKeySchema: e.rowKeySchema, families: e.familiesFile })),
    );
    expect(metas.map((m) => m.key.parts.map((p) => p.property))).toEqual([
      ['convId'],
      ['convId', 'at'],
      ['convId', 'member'],
    ]);
    expect(metas[2]!.parent).toBe(metas[0]!.target);
  });

  it('no hierarchy: one number of fields, a word that is data, no child extending a sampled parent, a word too soon', () => {
    expect(inferHierarchy([row('a#1', 'd'), row('a#2', 'd')])).toBeUndefined();
    expect(inferHierarchy([row('v#1', 'd'), row('v#1#5#5', 'd'), row('v#1#6#6', 'd')])).toBeUndefined();
    expect(inferHierarchy([row('v#1', 'd'), row('v#2#c#5', 'd')])).toBeUndefined();
    expect(inferHierarchy([row('v#1', 'd'), row('v#1#c', 'd')])).toBeUndefined();
    expect(inferHierarchy([row('1', 'd'), row('2', 'd')])).toBeUndefined();
  });

  it('inferEntitiesFromSample gives a parent and children whose files and sources name their parent', () => {
    const { entities } = inferEntitiesFromSample(
      {
        tableId: 'invoice_rows',
        families: { i: {}, p: {}, r: {} },
        rowKeySchema: undefined,
        splits: 0,
        rows: invoices,
      },
      { keyNames: ['invoiceId', 'paymentId', 'day'] },
    );
    expect(entities.map((e) => [e.entity, e.parent, e.rows])).toEqual([
      ['InvoiceRows', undefined, 2],
      ['InvoiceRowsPayment', 'InvoiceRows', 3],
      ['InvoiceRowsPaymentRefund', 'InvoiceRowsPayment', 1],
    ]);
    const [, payment, refund] = entities;
    expect(payment!.familiesFile).toMatchObject({ parent: 'InvoiceRows', literal: 'payment' });
    expect(refund!.source).toContain("import { InvoiceRowsPayment } from './invoice-rows-payment.js';");
    expect(refund!.source).toContain(
      "@Entity({ table: 'invoice_rows', parent: InvoiceRowsPayment, literal: 'refund' })",
    );
    expect(refund!.source).not.toContain('class InvoiceRows ');
    // The files of the chain describe valid entities with hierarchical keys.
    const metas = schemaFilesEntities(
      entities.map((e) => ({ rowKeySchema: e.rowKeySchema, families: e.familiesFile })),
    );
    expect(metas.map((m) => m.key.parts.map((p) => p.property))).toEqual([
      ['invoiceId'],
      ['invoiceId', 'paymentId'],
      ['invoiceId', 'paymentId', 'day'],
    ]);
    expect(metas[2]!.parent).toBe(metas[1]!.target);
    const flat = inferEntitiesFromSample(
      { tableId: 'invoice_rows', families: { i: {} }, rowKeySchema: undefined, splits: 0, rows: invoices },
      { hierarchy: false },
    );
    expect(flat.entities.map((e) => e.entity)).toEqual(['InvoiceRows']);
  });
});
