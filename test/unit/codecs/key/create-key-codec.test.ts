import { describe, expect, it } from 'vitest';
import { toHex } from '../../../../src/codecs/key/bytes.js';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { KeyCodecOptions, KeyRange } from '../../../../src/codecs/key/key-codec-types.js';
import { fnv1a32 } from '../../../../src/codecs/key/salt-hash.js';
import { KeyEncodingError } from '../../../../src/errors/key-encoding-error.js';
import { BigtableMapperError } from '../../../../src/errors/bigtable-mapper-error.js';
import { DELIMITED, ORDERED } from './key-arbitraries.js';

const te = new TextEncoder();
const td = new TextDecoder();
const text = (b: Uint8Array) => td.decode(b);

/** Ranges in a readable form: `[start, end)`, `(start, end]`, with -∞/+∞. */
function show(ranges: readonly KeyRange[]): string[] {
  return ranges.map((r) => {
    const s = r.start ? `${r.start.inclusive ? '[' : '('}${text(r.start.key)}` : '(-∞';
    const e = r.end ? `${text(r.end.key)}${r.end.inclusive ? ']' : ')'}` : '+∞)';
    return `${s}, ${e}`;
  });
}

function thrown(run: () => unknown): KeyEncodingError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(KeyEncodingError);
    return error as KeyEncodingError;
  }
  throw new Error('expected a KeyEncodingError');
}

const telemetry: KeyCodecOptions = {
  entity: 'Reading',
  segments: [
    { type: 'literal', value: 'phone' },
    { type: 'string', name: 'deviceId' },
    { type: 'reversedTimestamp', name: 'at' },
  ],
  encoding: DELIMITED,
};

describe('createKeyCodec: the seed designs', () => {
  it('device telemetry with reversed timestamps, newest first', () => {
    const codec = createKeyCodec(telemetry);
    const may1 = new Date('2020-05-01T00:00:00Z');
    const key = codec.encode({ deviceId: '4c410523', at: may1 });
    expect(text(key)).toBe(`phone#4c410523#${9223372036854775807n - BigInt(may1.getTime())}`);
    expect(text(key)).toBe('phone#4c410523#9223370448563575807');
    expect(codec.decode(key)).toEqual({ deviceId: '4c410523', at: may1 });
    const may2 = codec.encode({ deviceId: '4c410523', at: new Date('2020-05-02T00:00:00Z') });
    expect(Buffer.compare(may2, key)).toBe(-1);
    expect(codec.fields).toEqual(['deviceId', 'at']);
    expect(codec.saltBuckets).toBe(0);
    expect(show(codec.ranges({ deviceId: '4c410523' }))).toEqual(['[phone#4c410523#, phone#4c410523$)']);
    // "Since April 1st" on a reversed segment is an upper bound on the stored number.
    expect(
      show(codec.ranges({ deviceId: '4c410523' }, { op: 'gte', value: new Date('2020-04-01T00:00:00Z') })),
    ).toEqual(['[phone#4c410523#, phone#4c410523#9223370451155575807]']);
  });

  it('structured key phone#india#pke5preri2eru#8923695', () => {
    const codec = createKeyCodec({
      entity: 'Device',
      segments: [
        { type: 'string', name: 'type' },
        { type: 'string', name: 'country' },
        { type: 'string', name: 'manufacturer' },
        { type: 'bytes', name: 'serial' },
      ],
      encoding: DELIMITED,
    });
    const values = {
      type: 'phone',
      country: 'india',
      manufacturer: 'pke5preri2eru',
      serial: te.encode('8923695'),
    };
    const key = codec.encode(values);
    expect(text(key)).toBe('phone#india#pke5preri2eru#8923695');
    expect(codec.decode(key)).toEqual(values);
    expect(codec.rowKeySchema.fields.map((f) => Object.keys(f.type)[0])).toEqual([
      'stringType',
      'stringType',
      'stringType',
      'bytesType',
    ]);
  });

  it('reversed domain names', () => {
    const codec = createKeyCodec({
      entity: 'Page',
      segments: [
        { type: 'reversedDomain', name: 'host' },
        { type: 'string', name: 'path' },
      ],
      encoding: DELIMITED,
    });
    const key = codec.encode({ host: 'maps.google.com', path: '/x' });
    expect(text(key)).toBe('com.google.maps#/x');
    expect(codec.decode(key)).toEqual({ host: 'maps.google.com', path: '/x' });
    expect(show(codec.ranges({}, { op: 'startsWith', value: '.google.com' }))).toEqual([
      '[com.google., com.google/)',
    ]);
    expect(show(codec.ranges({}, { op: 'startsWith', value: 'google.com' }))).toEqual([
      '[com.google, com.googlf)',
    ]);
  });

  it('multi-tenant keys: tenant acme never sees tenant acme#x or acmex', () => {
    const codec = createKeyCodec({
      entity: 'Purchase',
      segments: [
        { type: 'string', name: 'tenant' },
        { type: 'literal', value: 'purchase' },
        { type: 'int64', name: 'id', width: 6 },
      ],
      encoding: DELIMITED,
    });
    expect(text(codec.encode({ tenant: 'acme', id: 42 }))).toBe('acme#purchase#000042');
    // The literal after the leading field is part of the prefix.
    expect(show(codec.ranges({ tenant: 'acme' }))).toEqual(['[acme#purchase#, acme#purchase$)']);
    expect(text(codec.encodePrefix({ tenant: 'acme' }))).toBe('acme#purchase#');
    expect(show(codec.ranges({ tenant: 'acme', id: 42n }))).toEqual([
      '[acme#purchase#000042, acme#purchase#000042]',
    ]);
    expect(show(codec.ranges({ tenant: 'acme' }, { op: 'between', low: 10, high: 20 }))).toEqual([
      '[acme#purchase#000010, acme#purchase#000020]',
    ]);
    expect(codec.ranges({ tenant: 'acme' }, { op: 'between', low: 20, high: 10 })).toEqual([]);
    expect(show(codec.ranges({ tenant: 'acme' }, { op: 'in', values: [7, 3, 7] }))).toEqual([
      '[acme#purchase#000003, acme#purchase#000003]',
      '[acme#purchase#000007, acme#purchase#000007]',
    ]);
  });
});

describe('createKeyCodec: errors', () => {
  it('KeyEncodingError is a BigtableMapperError with code KEY_ENCODING and the four fields', () => {
    const codec = createKeyCodec(telemetry);
    const e = thrown(() => codec.encode({ deviceId: 'a#b', at: new Date(0) }));
    expect(e).toBeInstanceOf(BigtableMapperError);
    expect(e.code).toBe('KEY_ENCODING');
    expect(e.name).toBe('KeyEncodingError');
    expect([e.entity, e.field, e.value, e.limit]).toEqual([
      'Reading',
      'deviceId',
      'a#b',
      'byte 0x23 at offset 1 ≤ delimiter[0] 0x23 (sorted-mode delimited key)',
    ]);
  });

  it('reports the caller’s value, not the stored form', () => {
    const codec = createKeyCodec({
      entity: 'N',
      segments: [{ type: 'int64', name: 'n' }],
      encoding: DELIMITED,
    });
    const e = thrown(() => codec.encode({ n: -5n }));
    expect([e.field, e.value]).toEqual(['n', -5n]);
    expect(e.message).toBe(
      'N.n: row key value -5n rejected: a non-negative integer (delimited keys store zero-padded decimals)',
    );
  });

  it('recognises keys of another entity type', () => {
    for (const encoding of [DELIMITED, ORDERED]) {
      const phone = createKeyCodec({ ...telemetry, encoding });
      const tablet = createKeyCodec({
        ...telemetry,
        entity: 'Tablet',
        segments: [{ type: 'literal', value: 'tablet' }, ...telemetry.segments.slice(1)],
        encoding,
      });
      const key = tablet.encode({ deviceId: 'x', at: new Date(0) });
      const e = thrown(() => phone.decode(key));
      expect(e.limit).toMatch(/belongs to another entity type/);
      expect(e.field).toBe('literal_0');
      // A prefix of the literal is not enough either.
      const ph = createKeyCodec({
        ...telemetry,
        entity: 'Ph',
        segments: [{ type: 'literal', value: 'ph' }, ...telemetry.segments.slice(1)],
        encoding,
      });
      expect(thrown(() => ph.decode(phone.encode({ deviceId: 'x', at: new Date(0) }))).limit).toMatch(
        /another entity/,
      );
    }
    // A literal after a value segment is checked after parsing.
    const a = createKeyCodec({
      entity: 'A',
      segments: [
        { type: 'string', name: 't' },
        { type: 'literal', value: 'a' },
      ],
      encoding: DELIMITED,
    });
    const b = createKeyCodec({
      entity: 'B',
      segments: [
        { type: 'string', name: 't' },
        { type: 'literal', value: 'b' },
      ],
      encoding: DELIMITED,
    });
    expect(thrown(() => a.decode(b.encode({ t: 'acme' }))).limit).toMatch(
      /the literal "a" of A: the key belongs to another entity type/,
    );
  });

  it('rejects malformed keys', () => {
    const codec = createKeyCodec(telemetry);
    expect(thrown(() => codec.decode(te.encode('phone#x'))).limit).toMatch(/2 fields where the schema has 3/);
    expect(thrown(() => codec.decode(te.encode('phone#x#12'))).limit).toMatch(/exactly 19 decimal digits/);
    expect(thrown(() => codec.decode(new Uint8Array(0))).limit).toMatch(/non-empty/);
    const oc = createKeyCodec({ ...telemetry, encoding: ORDERED });
    expect(
      thrown(() => oc.decode(Uint8Array.of(0x70, 0x68, 0x6f, 0x6e, 0x65, 0x00, 0x01, 0x00, 0x05))).limit,
    ).toMatch(/invalid escape/);
  });

  it('keys must be non-empty and at most 4 KiB', () => {
    const one = createKeyCodec({
      entity: 'One',
      segments: [{ type: 'string', name: 's' }],
      encoding: DELIMITED,
    });
    expect(thrown(() => one.encode({ s: '' })).limit).toBe('a non-empty row key');
    expect(one.encode({ s: 'x'.repeat(4096) }).length).toBe(4096);
    expect(thrown(() => one.encode({ s: 'x'.repeat(4097) })).limit).toBe('≤ 4096 bytes (key has 4097)');
    const oc = createKeyCodec({ entity: 'One', segments: [{ type: 'bytes', name: 's' }], encoding: ORDERED });
    expect(toHex(oc.encode({ s: new Uint8Array(0) }))).toBe('0000');
    expect(thrown(() => oc.encode({ s: new Uint8Array(2049) })).limit).toBe('≤ 4096 bytes (key has 4098)');
  });

  it('checks options up front', () => {
    const bad = (options: Partial<KeyCodecOptions>) =>
      thrown(() => createKeyCodec({ ...telemetry, ...options })).limit;
    expect(bad({ entity: '' })).toBe('a non-empty entity name');
    expect(bad({ segments: [] })).toBe('at least one key segment');
    expect(bad({ encoding: { kind: 'delimited', delimiter: new Uint8Array(0) } })).toBe(
      'a delimiter of 1 to 50 bytes',
    );
    expect(bad({ encoding: { kind: 'delimited', delimiter: new Uint8Array(51).fill(0x23) } })).toBe(
      'a delimiter of 1 to 50 bytes',
    );
    expect(bad({ encoding: { kind: 'delimited', delimiter: te.encode(':') } })).toMatch(/below '0'/);
    expect(
      bad({
        segments: [
          { type: 'string', name: 'a' },
          { type: 'string', name: 'a' },
        ],
      }),
    ).toBe('unique segment and field names');
    expect(bad({ segments: [{ type: 'literal', value: 'a#' }] })).toMatch(/byte 0x23/);
    expect(bad({ segments: [{ type: 'literal', value: '' }] })).toBe('a non-empty literal');
    expect(
      bad({
        segments: [
          { type: 'string', name: 'a' },
          { type: 'salt', buckets: 4, of: ['a'] },
        ],
      }),
    ).toBe('the salt as the first segment');
    expect(
      bad({
        segments: [
          { type: 'salt', buckets: 4, of: ['zz'] },
          { type: 'string', name: 'a' },
        ],
      }),
    ).toMatch(/a key field name/);
    expect(
      bad({
        segments: [
          { type: 'salt', buckets: 0, of: ['a'] },
          { type: 'string', name: 'a' },
        ],
      }),
    ).toMatch(/between 1 and 1000000/);
    expect(bad({ segments: [{ type: 'int64', name: 'n', width: 20 }] })).toMatch(/width between 1 and 19/);
  });

  it('checks leading fields', () => {
    const codec = createKeyCodec(telemetry);
    expect(thrown(() => codec.ranges({ at: new Date(0) })).limit).toMatch(/leading fields in key order/);
    expect(thrown(() => codec.ranges({ nope: 'x' })).limit).toMatch(/a key field of Reading/);
    expect(
      thrown(() => codec.ranges({ deviceId: 'x', at: new Date(0) }, { op: 'gt', value: 'x' })).limit,
    ).toMatch(/a key field after the leading ones/);
    expect(thrown(() => codec.ranges({}, { op: 'startsWith', value: 'x#' })).limit).toMatch(/byte 0x23/);
    expect(
      thrown(() =>
        createKeyCodec({ ...telemetry, encoding: ORDERED }).ranges(
          { deviceId: 'x' },
          { op: 'startsWith', value: '1' },
        ),
      ).limit,
    ).toMatch(/startsWith on string or reversedDomain segments/);
    expect(thrown(() => codec.encode({ deviceId: 'x' })).limit).toBe('a value for every key field');
  });
});

describe('createKeyCodec: salt buckets', () => {
  const options: KeyCodecOptions = {
    entity: 'Event',
    segments: [
      { type: 'salt', buckets: 8, of: ['user'] },
      { type: 'string', name: 'user' },
      { type: 'int64', name: 'seq', width: 4 },
    ],
    encoding: DELIMITED,
  };

  it('FNV-1a 32 over the encoded fields, modulo the bucket count', () => {
    expect(fnv1a32(te.encode('a'))).toBe(0xe40c292c);
    expect(fnv1a32(new Uint8Array(0))).toBe(0x811c9dc5);
    const codec = createKeyCodec(options);
    expect(codec.saltBucket({ user: 'a' })).toBe(0xe40c292c % 8);
    expect(text(codec.encode({ user: 'a', seq: 1 }))).toBe(`${0xe40c292c % 8}#a#0001`);
    expect(codec.decode(codec.encode({ user: 'a', seq: 1 }))).toEqual({ user: 'a', seq: 1n });
  });

  it('reads fan out over every bucket unless the salted fields are known', () => {
    const codec = createKeyCodec(options);
    expect(codec.saltBuckets).toBe(8);
    expect(show(codec.ranges({}))).toEqual(Array.from({ length: 8 }, (_, b) => `[${b}#, ${b}$)`));
    const b = codec.saltBucket({ user: 'a' });
    expect(show(codec.ranges({ user: 'a' }))).toEqual([`[${b}#a#, ${b}#a$)`]);
    expect(show(codec.ranges({}, { op: 'eq', value: 'a' }))).toEqual([`[${b}#a#, ${b}#a$)`]);
    expect(codec.ranges({}, { op: 'gt', value: 'a' })).toHaveLength(8);
    expect(thrown(() => codec.encodePrefix({})).limit).toMatch(/one prefix per bucket/);
  });

  it('a key whose salt does not match its fields is rejected', () => {
    const codec = createKeyCodec(options);
    const b = codec.saltBucket({ user: 'a' })!;
    expect(thrown(() => codec.decode(te.encode(`${(b + 1) % 8}#a#0001`))).limit).toBe(
      `salt bucket ${b} (hash of user), found ${(b + 1) % 8}`,
    );
  });

  it('ordered-code salts are int64 fields', () => {
    const codec = createKeyCodec({ ...options, encoding: ORDERED });
    const b = codec.saltBucket({ user: 'a' })!;
    expect(toHex(codec.encode({ user: 'a', seq: 1 }))).toBe(`${(0x80 + b).toString(16)}0001610001` + '81');
    expect(codec.rowKeySchema.fields[0]).toEqual({
      fieldName: 'salt',
      type: { int64Type: { encoding: { orderedCodeBytes: {} } } },
    });
  });
});

describe('createKeyCodec: ordered-code keys', () => {
  const codec = createKeyCodec({
    entity: 'Doc',
    segments: [
      { type: 'literal', value: 'd' },
      { type: 'string', name: 'a' },
      { type: 'string', name: 'b' },
    ],
    encoding: ORDERED,
  });

  it('encodes fields with 00 escaped, joined by 00 01, trailing empties omitted', () => {
    expect(toHex(codec.encode({ a: 'x\0', b: 'y' }))).toBe('64' + '0001' + '7800ff' + '0001' + '79');
    expect(toHex(codec.encode({ a: '', b: '' }))).toBe('64');
    expect(toHex(codec.encode({ a: '', b: 'y' }))).toBe('64' + '0001' + '0000' + '0001' + '79');
    expect(codec.decode(Uint8Array.of(0x64))).toEqual({ a: '', b: '' });
  });

  it('prefix ranges are [enc, enc ‖ 00 02), widened to the row whose later fields are empty', () => {
    const hexRanges = (r: KeyRange[]) =>
      r.map((x) => [toHex(x.start!.key), x.start!.inclusive, toHex(x.end!.key), x.end!.inclusive]);
    expect(hexRanges(codec.ranges({ a: 'x' }))).toEqual([['64000178', true, '640001780002', false]]);
    expect(hexRanges(codec.ranges({ a: '' }))).toEqual([['64', true, '6400010000' + '0002', false]]);
    expect(toHex(codec.encodePrefix({ a: 'x' }))).toBe('640001780001');
  });
});
