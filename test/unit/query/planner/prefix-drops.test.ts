import { InternalError } from '../../../../src/errors/internal-error.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPrefix, toHex } from '../../../../src/codecs/key/bytes.js';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { KeyEncodingSpec } from '../../../../src/codecs/key/key-codec-types.js';
import { bytesEqual } from '../../../../src/codecs/key/bytes.js';
import { prefixDrops } from '../../../../src/query/planner/prefix-drops.js';
import { DELIMITED, ORDERED } from '../../codecs/key/key-arbitraries.js';
import { expectedKeys, layouts, queries, rows, sortedKeys } from '../../codecs/key/key-query-model.js';

const hex = (keys: readonly Uint8Array[]) => keys.map(toHex);
const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => new TextEncoder().encode(s);

for (const encoding of [DELIMITED, ORDERED] as KeyEncodingSpec[]) {
  describe(`prefixDrops of the codec's leading-part ranges, ${encoding.kind} keys`, () => {
    for (const layout of layouts(encoding)) {
      it(`${layout.label}: the drops delete exactly the rows whose leading parts match`, () => {
        const cases = rows(layout).chain((data) => fc.tuple(fc.constant(data), queries(layout, data)));
        fc.assert(
          fc.property(cases, ([data, { leading }]) => {
            const drops = layout.codec.ranges(leading).map(prefixDrops);
            const keys = sortedKeys(layout, data);
            const deleted = keys.filter((key) =>
              drops.some(
                (d) => d.prefixes.some((p) => hasPrefix(key, p)) || d.rows.some((r) => bytesEqual(r, key)),
              ),
            );
            expect(hex(deleted)).toEqual(hex(expectedKeys(layout, data, { leading })));
          }),
          { numRuns: 2_000 },
        );
      });
    }
  });
}

describe('prefixDrops shapes', () => {
  const docs = (encoding: KeyEncodingSpec) =>
    createKeyCodec({
      entity: 'Doc',
      segments: [
        { type: 'literal', value: 'doc' },
        { type: 'string', name: 'tenant' },
        { type: 'string', name: 'id' },
      ],
      encoding,
    });

  it('a full key is one row, never a prefix', () => {
    const [range] = docs(DELIMITED).ranges({ tenant: 'a', id: 'x' });
    expect(prefixDrops(range!)).toEqual({ prefixes: [], rows: [ascii('doc#a#x')] });
  });

  it('a delimited partial key is one exact prefix, an empty part included', () => {
    expect(prefixDrops(docs(DELIMITED).ranges({ tenant: 'acme' })[0]!)).toEqual({
      prefixes: [ascii('doc#acme#')],
      rows: [],
    });
    expect(prefixDrops(docs(DELIMITED).ranges({ tenant: '' })[0]!)).toEqual({
      prefixes: [ascii('doc##')],
      rows: [],
    });
  });

  it('an ordered-code partial key is the short row plus the separator prefix', () => {
    expect(prefixDrops(docs(ORDERED).ranges({ tenant: 'acme' })[0]!)).toEqual({
      prefixes: [bytes(...ascii('doc'), 0, 1, ...ascii('acme'), 0, 1)],
      rows: [bytes(...ascii('doc'), 0, 1, ...ascii('acme'))],
    });
    // An empty tenant is written 00 00 inside a longer key and omitted from the row whose fields are all empty.
    expect(prefixDrops(docs(ORDERED).ranges({ tenant: '' })[0]!)).toEqual({
      prefixes: [bytes(...ascii('doc'), 0, 1, 0, 0, 0, 1)],
      rows: [ascii('doc')],
    });
  });

  it('refuses any other range shape (a bug in the caller, never approximated)', () => {
    const k = ascii('a#');
    expect(() => prefixDrops({})).toThrow(InternalError);
    expect(() =>
      prefixDrops({ start: { key: k, inclusive: true }, end: { key: ascii('b'), inclusive: false } }),
    ).toThrow(InternalError);
    expect(() =>
      prefixDrops({ start: { key: k, inclusive: false }, end: { key: ascii('a$'), inclusive: false } }),
    ).toThrow(InternalError);
    expect(() =>
      prefixDrops({ start: { key: k, inclusive: true }, end: { key: ascii('a$'), inclusive: true } }),
    ).toThrow(InternalError);
    expect(() =>
      prefixDrops({
        start: { key: ascii('b'), inclusive: true },
        end: { key: bytes(0x61, 0, 2), inclusive: false },
      }),
    ).toThrow(InternalError);
  });
});
