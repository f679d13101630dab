import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowFilter } from '../../../../src/model/read-rows-request.js';
import { columnFilter } from '../../../../src/query/compiler/filters/column-filters.js';
import { simplifyChain } from '../../../../src/query/compiler/filters/simplify-chain.js';
import { evaluateFilter, sortCells, type ModelCell } from './evaluate-filter.js';

const q = (s: string): Uint8Array => Buffer.from(s, 'latin1');
const FAMILIES = ['d', 'h'] as const;
const QUALIFIERS = ['a', 'b'] as const;

const leaf: fc.Arbitrary<RowFilter> = fc.oneof(
  fc.constantFrom(...FAMILIES).map((f): RowFilter => ({ familyNameRegex: f })),
  fc
    .tuple(fc.constantFrom(...FAMILIES), fc.constantFrom(...QUALIFIERS))
    .map(([f, x]): RowFilter => columnFilter(f, q(x))),
  fc.integer({ min: 1, max: 4 }).map((n): RowFilter => ({ cellsPerColumnLimit: n })),
  fc.integer({ min: 1, max: 4 }).map((n): RowFilter => ({ cellsPerRowLimit: n })),
  fc.integer({ min: 1, max: 2 }).map((n): RowFilter => ({ cellsPerRowOffset: n })),
  fc
    .tuple(fc.integer({ min: 0, max: 6 }), fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }))
    .map(([start, width]): RowFilter => ({
      timestampRange: {
        startMicros: BigInt(start),
        ...(width === undefined ? {} : { endMicros: BigInt(start + width) }),
      },
    })),
  fc
    .constantFrom('x', 'y')
    .map((v): RowFilter => ({ valueRange: { startValueClosed: q(v), endValueClosed: q(v) } })),
  fc.constant<RowFilter>({ stripValue: true }),
);
const member: fc.Arbitrary<RowFilter> = fc.oneof(
  { weight: 9, arbitrary: leaf },
  {
    weight: 1,
    arbitrary: fc.array(leaf, { minLength: 2, maxLength: 3 }).map((fs): RowFilter => ({ interleave: fs })),
  },
);
const row: fc.Arbitrary<ModelCell[]> = fc
  .uniqueArray(
    fc.record({
      family: fc.constantFrom(...FAMILIES),
      qualifier: fc.constantFrom(...QUALIFIERS),
      micros: fc.integer({ min: 0, max: 8 }).map(BigInt),
      value: fc.constantFrom('x', 'y'),
    }),
    { maxLength: 14, selector: (c) => `${c.family}:${c.qualifier}@${c.micros}` },
  )
  .map(sortCells);

const cpcl = (n: number): RowFilter => ({ cellsPerColumnLimit: n });

describe('simplifyChain', () => {
  it('drops the second latest-1 that GC maxVersions(1) and hydration both ask for', () => {
    expect(simplifyChain([{ familyNameRegex: 'd' }, cpcl(1), cpcl(1)])).toEqual([
      { familyNameRegex: 'd' },
      cpcl(1),
    ]);
  });

  it('drops a looser column limit before a tighter one, through filters that commute with it', () => {
    expect(simplifyChain([{ familyNameRegex: 'h' }, cpcl(5), cpcl(1)])).toEqual([
      { familyNameRegex: 'h' },
      cpcl(1),
    ]);
    const since = { timestampRange: { startMicros: 10n } };
    expect(simplifyChain([cpcl(3), since, cpcl(1)])).toEqual([since, cpcl(1)]);
  });

  it('drops a column limit an earlier tighter limit already enforces', () => {
    const window = { timestampRange: { startMicros: 10n, endMicros: 20n } };
    expect(simplifyChain([cpcl(5), window, cpcl(10)])).toEqual([cpcl(5), window]);
  });

  it('keeps limits whose order matters', () => {
    const window = { timestampRange: { startMicros: 10n, endMicros: 20n } };
    // The newest 5 overall, then those in the window, then the newest 2 of those.
    expect(simplifyChain([cpcl(5), window, cpcl(2)])).toEqual([cpcl(5), window, cpcl(2)]);
    const value = { valueRange: { startValueClosed: q('x'), endValueClosed: q('x') } };
    expect(simplifyChain([cpcl(1), value, cpcl(1)])).toEqual([cpcl(1), value]);
    expect(simplifyChain([cpcl(3), value, cpcl(1)])).toEqual([cpcl(3), value, cpcl(1)]);
    const strip = { stripValue: true } as const;
    expect(simplifyChain([value, strip, value])).toEqual([value, strip, value]);
    const union: RowFilter = { interleave: [{ familyNameRegex: 'd' }, { familyNameRegex: 'd' }] };
    expect(simplifyChain([cpcl(1), union, cpcl(1)])).toEqual([cpcl(1), union, cpcl(1)]);
  });

  it('drops repeated selections compared by bytes, not by identity', () => {
    expect(simplifyChain([columnFilter('d', q('a')), cpcl(2), columnFilter('d', q('a'))])).toEqual([
      columnFilter('d', q('a')),
      cpcl(2),
    ]);
    expect(simplifyChain([columnFilter('d', q('a')), columnFilter('d', q('b'))])).toHaveLength(2);
  });

  it('never changes the cells a chain returns (reference interpreter, random rows and chains)', () => {
    fc.assert(
      fc.property(fc.array(member, { maxLength: 7 }), row, (members, cells) => {
        const simplified = simplifyChain(members);
        expect(simplified.length).toBeLessThanOrEqual(members.length);
        expect(evaluateFilter({ chain: simplified }, cells)).toEqual(
          evaluateFilter({ chain: members }, cells),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves no member twice in a chain without unions, offsets or value strips', () => {
    // Those three make a repeat meaningful: a second offset skips more, a value test after a strip tests ''.
    const plain = leaf.filter((f) => f.cellsPerRowOffset === undefined && f.stripValue === undefined);
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 7 }), (members) => {
        const simplified = simplifyChain(members);
        simplified.forEach((f, i) => {
          for (const other of simplified.slice(i + 1)) expect(other).not.toEqual(f);
        });
      }),
    );
  });
});
