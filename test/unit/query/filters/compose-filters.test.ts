import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowFilter } from '../../../../src/model/read-rows-request.js';
import { chainFilters, interleaveFilters } from '../../../../src/query/compiler/filters/compose-filters.js';

const leaf: fc.Arbitrary<RowFilter> = fc.oneof(
  fc.constantFrom<RowFilter>({ passAll: true }, { blockAll: true }, { stripValue: true }),
  fc.integer({ min: 1, max: 5 }).map((n): RowFilter => ({ cellsPerColumnLimit: n })),
  fc.constantFrom('a', 'b', 'c').map((f): RowFilter => ({ familyNameRegex: f })),
);
const tree: fc.Arbitrary<RowFilter | undefined> = fc.letrec<{ f: RowFilter | undefined }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.constant(undefined),
    fc.array(tie('f'), { maxLength: 4 }).map((fs) => chainFilters(fs)),
    fc.array(tie('f'), { maxLength: 4 }).map((fs) => interleaveFilters(fs)),
  ),
})).f;

/** True when no chain or interleave in the tree has fewer than two members (the emulator rejects those). */
function wellFormed(filter: RowFilter | undefined): boolean {
  if (filter === undefined) return true;
  const members = filter.chain ?? filter.interleave;
  if (members) return members.length >= 2 && members.every(wellFormed);
  return true;
}

describe('chainFilters / interleaveFilters', () => {
  it('unwraps single members and drops neutral ones', () => {
    expect(chainFilters([{ familyNameRegex: 'a' }, undefined, { passAll: true }])).toEqual({
      familyNameRegex: 'a',
    });
    expect(chainFilters([])).toBeUndefined();
    expect(chainFilters([{ stripValue: true }, { blockAll: true }])).toEqual({ blockAll: true });
    expect(interleaveFilters([{ blockAll: true }, { familyNameRegex: 'a' }])).toEqual({
      familyNameRegex: 'a',
    });
    expect(interleaveFilters([])).toEqual({ blockAll: true });
    expect(interleaveFilters([{ familyNameRegex: 'a' }, undefined])).toBeUndefined();
  });

  it('flattens nesting of the same kind', () => {
    const inner = chainFilters([{ familyNameRegex: 'a' }, { cellsPerColumnLimit: 1 }]);
    expect(chainFilters([inner, { stripValue: true }])).toEqual({
      chain: [{ familyNameRegex: 'a' }, { cellsPerColumnLimit: 1 }, { stripValue: true }],
    });
  });

  it('never produces a chain or interleave of fewer than two members, at any depth', () => {
    fc.assert(
      fc.property(tree, (t) => wellFormed(t)),
      { numRuns: 5000 },
    );
  });
});
