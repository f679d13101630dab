// Every public codec (`Codecs.*`, a custom one, a protobuf one) given what is no cell value to decode, or a value of
// the wrong type to encode, throws a ValueEncodingError naming the codec and what it expected — never a TypeError
// from inside it (issue 23, D14: the codecs' own methods are public too).
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { Codecs } from '../../../../src/codecs/value/codecs.js';
import type { ValueCodec } from '../../../../src/codecs/value/value-codec.js';
import { ValueEncodingError } from '../../../../src/errors/value-encoding-error.js';

const point = new protobuf.Type('Point').add(new protobuf.Field('x', 1, 'sint64'));
const CODECS: Readonly<Record<string, ValueCodec<unknown>>> = {
  string: Codecs.string,
  int64: Codecs.int64,
  int64AsNumber: Codecs.int64AsNumber,
  float64: Codecs.float64,
  boolean: Codecs.boolean,
  date: Codecs.date,
  bytes: Codecs.bytes,
  json: Codecs.json(),
  protobuf: Codecs.protobuf(point) as ValueCodec<unknown>,
  // A custom codec's own encode decides what it takes; one that throws (here a TypeError on null) is wrapped.
  custom: Codecs.custom({
    encode: (s: string) => new TextEncoder().encode(s.normalize()),
    decode: (b) => String(b.length),
  }),
};
const NOT_BYTES: readonly unknown[] = [null, undefined, 'abc', 5, [1, 2], {}, new ArrayBuffer(2)];
// Values no codec takes: each codec's own type is left out below.
const WRONG: readonly unknown[] = [null, undefined, Symbol('s'), () => 1];

const refusal = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return 'returned';
};

describe('public codecs refuse what they cannot read or write with ValueEncodingError', () => {
  for (const [name, codec] of Object.entries(CODECS)) {
    it(`${name}.decode(what is no Uint8Array)`, () => {
      for (const value of NOT_BYTES) {
        const error = refusal(() => codec.decode(value as Uint8Array));
        if (name === 'custom' && error === 'returned') continue; // a custom decode reads what it is given
        expect(error, `${name}.decode(${String(value)})`).toBeInstanceOf(ValueEncodingError);
        expect((error as ValueEncodingError).code).toBe('VALUE_ENCODING');
      }
    });
    it(`${name}.encode(a value of no type it takes)`, () => {
      // null is JSON (it encodes as `null`); the others are no JSON value.
      for (const value of name === 'json' ? WRONG.filter((v) => v !== null) : WRONG) {
        const error = refusal(() => codec.encode(value));
        expect(error, `${name}.encode(${String(value)})`).toBeInstanceOf(ValueEncodingError);
      }
    });
  }
});
