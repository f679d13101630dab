// keyText takes a Buffer's bytes without a second view (the write path's keys are Buffers); any Uint8Array, a
// Buffer or a view into a larger buffer, gives the same text for the same bytes, so key waves never depend on it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyText, keyWaves } from '../../../src/write/key-waves.js';

describe('keyText and keyWaves', () => {
  it('give the same text for the same bytes, whatever array holds them', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), fc.uint8Array({ maxLength: 8 }), (bytes, pad) => {
        const backing = new Uint8Array(pad.length + bytes.length);
        backing.set(pad);
        backing.set(bytes, pad.length);
        const view = backing.subarray(pad.length);
        const text = keyText(Buffer.from(bytes));
        expect(keyText(view)).toBe(text);
        expect(keyText(Uint8Array.from(bytes))).toBe(text);
        expect([...text].map((c) => c.charCodeAt(0))).toEqual([...bytes]);
      }),
    );
  });

  it('puts a repeated key, Buffer or not, in the next wave', () => {
    const a = Buffer.from('a');
    const b = Buffer.from('b');
    expect(keyWaves([a, b, Uint8Array.from(a), Buffer.from('a')])).toEqual([[0, 1], [2], [3]]);
  });
});
