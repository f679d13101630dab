import { describe, expect, it } from 'vitest';
import { formatValue } from '../../../src/errors/format-value.js';

class Device {}

describe('formatValue', () => {
  it.each<[unknown, string]>([
    ['0x10', '"0x10"'],
    ['a\u0000b', '"a\\u0000b"'],
    ['\ud800', '"\\ud800"'],
    [12n, '12n'],
    [-0, '-0'],
    [Number.NaN, 'NaN'],
    [true, 'true'],
    [undefined, 'undefined'],
    [null, 'null'],
    [[7], '[7]'],
    [['a', 1n], '["a", 1n]'],
    [[1, 2, 3, 4, 5, 6], '[1, 2, 3, 4, 5, … 6 items]'],
    [[[1]], '[[array of 1]]'],
    [new Date(0), '1970-01-01T00:00:00.000Z'],
    [new Date(Number.NaN), 'Invalid Date'],
    [Buffer.from('phone#1'), '7 bytes "phone#1"'],
    [Uint8Array.of(0x70, 0x00, 0xff, 0x5c), '4 bytes "p\\x00\\xff\\x5c"'],
    [Uint8Array.of(1), '1 byte "\\x01"'],
    [new Map([[1, 2]]), 'Map(1)'],
    [new Set(), 'Set(0)'],
    [{ deviceType: 'phone', id: 1 }, '{ deviceType, id }'],
    [{}, '{}'],
    [new Device(), 'a Device'],
    [Symbol('s'), 'Symbol(s)'],
    [function named() {}, 'function named'],
  ])('formats %o as %s', (value, expected) => {
    expect(formatValue(value)).toBe(expected);
  });

  it('cuts long strings and byte arrays but says how long they were', () => {
    expect(formatValue('x'.repeat(100))).toBe(`"${'x'.repeat(60)}"… (100 chars)`);
    expect(formatValue(new Uint8Array(100).fill(0x61))).toBe(`100 bytes "${'a'.repeat(32)}…"`);
  });

  it('never throws, even for a hostile object', () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('boom');
        },
      },
    );
    expect(formatValue(hostile)).toBe('an unprintable value');
  });
});
