import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { ValueEncodingError } from '../../../../src/errors/value-encoding-error.js';
import { Codecs, jsonCodec, protobufCodec, userCodec } from '../../../../src/codecs/value/index.js';

const PROTO = fileURLToPath(new URL('../../../fixtures/proto/telemetry.proto', import.meta.url));
const Reading = protobuf.loadSync(PROTO).lookupType('telemetry.v1.Reading');

describe('json codec', () => {
  it('writes compact UTF-8 JSON', () => {
    expect(Buffer.from(jsonCodec.encode({ a: [1, 'é'], b: null })).toString()).toBe('{"a":[1,"é"],"b":null}');
  });
  it('round-trips JSON values', () => {
    // JSON has no -0; it reads back as 0 (documented), so compare with that normalisation.
    const noNegativeZero = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonCodec.decode(jsonCodec.encode(v))).toEqual(noNegativeZero(v));
      }),
    );
  });
  it('omits undefined properties', () => {
    expect(jsonCodec.decode(jsonCodec.encode({ a: 1, b: undefined }))).toEqual({ a: 1 });
  });
  it('refuses values JSON would silently change', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ n: Number.NaN }, /\$\.n \(NaN\)/],
      [[1, undefined], /\$\[1\] \(undefined\)/],
      [{ d: new Date(0) }, /\$\.d \(Date\)/],
      [{ m: new Map() }, /\$\.m \(Map\)/],
      [10n, /\$ \(bigint\)/],
      [undefined, /\$ \(undefined\)/],
    ];
    for (const [value, message] of cases) {
      expect(() => jsonCodec.encode(value)).toThrow(ValueEncodingError);
      expect(() => jsonCodec.encode(value)).toThrow(message);
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => jsonCodec.encode(cyclic)).toThrow(/circular/);
  });
  it('rejects bytes that are not JSON', () => {
    expect(() => jsonCodec.decode(Buffer.from('{'))).toThrow(/valid JSON/);
  });
});

describe('protobuf codec', () => {
  const full = {
    sensor: 'cpu',
    value: 0.5,
    unit: 'PERCENT',
    sequence: '9223372036854775807',
    raw: Uint8Array.from([0, 255]),
    tags: ['a', 'b'],
    counters: { x: '-3' },
    location: { lat: 1.25, lng: -2 },
    calibrated: true,
  };

  it('stores exactly Type.encode(message).finish()', () => {
    const codec = protobufCodec(Reading);
    const expected = Reading.encode(Reading.fromObject(full)).finish();
    expect(Buffer.from(codec.encode(full)).equals(Buffer.from(expected))).toBe(true);
  });

  it('round-trips the canonical plain-object form (int64 as string, enum names, Uint8Array bytes)', () => {
    const codec = protobufCodec(Reading);
    const decoded = codec.decode(codec.encode(full));
    expect(decoded).toEqual(full);
    expect((decoded.raw as Uint8Array).constructor).toBe(Uint8Array);
  });

  it('keeps explicitly set default values (protobufjs writes them) but not empty lists or maps', () => {
    const codec = protobufCodec(Reading);
    expect(
      codec.decode(codec.encode({ sensor: '', value: 0, tags: [], counters: {}, calibrated: false })),
    ).toEqual({
      sensor: '',
      value: 0,
      calibrated: false,
    });
    expect(codec.decode(codec.encode({}))).toEqual({});
  });

  it('accepts bigint and safe numbers for int64 and returns decimal strings', () => {
    const codec = protobufCodec(Reading);
    expect(codec.decode(codec.encode({ sequence: -5n, counters: { a: 7 } }))).toEqual({
      sequence: '-5',
      counters: { a: '7' },
    });
  });

  it('refuses what protobufjs would silently coerce or drop', () => {
    const codec = protobufCodec(Reading);
    const bad: Array<[unknown, RegExp]> = [
      [{ nope: 1 }, /\$\.nope: no such field/],
      [{ calibrated: 'false' }, /\$\.calibrated: bool expected/],
      [{ sequence: 'abc' }, /\$\.sequence: int64 expects an integer/],
      [{ sequence: 2n ** 63n }, /out of the int64 range/],
      [{ unit: 'KELVIN' }, /\$\.unit: expects a value of enum Unit/],
      [{ location: { lat: 'x' } }, /\$\.location\.lat: double expected/],
      [{ tags: 'a' }, /\$\.tags: an array expected/],
      [[1], /a plain object of message Reading expected/],
    ];
    for (const [value, message] of bad) {
      expect(() => codec.encode(value as Record<string, unknown>)).toThrow(message);
    }
  });

  it('works with a reflection-built type and can return message instances', () => {
    const Point = new protobuf.Type('Point')
      .add(new protobuf.Field('x', 1, 'sint64'))
      .add(new protobuf.Field('label', 2, 'string'));
    const codec = protobufCodec(Point);
    expect(codec.name).toBe('protobuf:Point');
    expect(codec.decode(codec.encode({ x: 5n, label: 'p' }))).toEqual({ x: '5', label: 'p' });
    const asMessage = protobufCodec(Point, { output: 'message' });
    const message = asMessage.decode(asMessage.encode({ x: 1 }));
    expect(message).toBeInstanceOf(Point.ctor);
    expect(Buffer.from(asMessage.encode(message)).toString('hex')).toBe('0802');
  });

  it('returns one codec per type for the default options', () => {
    expect(protobufCodec(Reading)).toBe(Codecs.protobuf(Reading));
  });

  it('rejects bytes that are not a message', () => {
    expect(() => protobufCodec(Reading).decode(Uint8Array.from([0x0a, 0x05, 0x61]))).toThrow(
      ValueEncodingError,
    );
  });
});

describe('user codecs', () => {
  const csv = userCodec<string[]>({
    name: 'csv',
    encode: (v) => Buffer.from(v.join(',')),
    decode: (b) => Buffer.from(b).toString().split(','),
  });

  it('wraps a user {encode, decode}', () => {
    expect(csv.name).toBe('csv');
    expect(csv.decode(csv.encode(['a', 'b']))).toEqual(['a', 'b']);
  });

  it('turns exceptions and non-bytes results into ValueEncodingError with the cause', () => {
    const failing = userCodec<number>({
      encode: () => {
        throw new RangeError('too big');
      },
      decode: () => 0,
    });
    expect(() => failing.encode(1)).toThrow(/codec custom.*too big/);
    try {
      failing.encode(1);
    } catch (error) {
      expect((error as ValueEncodingError).cause).toBeInstanceOf(RangeError);
    }
    const wrong = userCodec<number>({ encode: () => 'x' as unknown as Uint8Array, decode: () => 0 });
    expect(() => wrong.encode(1)).toThrow(/return a Uint8Array/);
  });
});
