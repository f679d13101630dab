import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../../src/errors/invalid-argument-error.js';
import {
  columnFilter,
  familyPattern,
  latestCells,
} from '../../../../src/query/compiler/filters/column-filters.js';
import { gcHidingFilter, gcKeepFilter } from '../../../../src/query/compiler/filters/gc-filter.js';

const now = Date.UTC(2026, 0, 1);

describe('gcKeepFilter', () => {
  it('keeps the newest N for maxVersions and the recent window for maxAge', () => {
    expect(gcKeepFilter({ maxVersions: 3 }, now)).toEqual({ cellsPerColumnLimit: 3 });
    expect(gcKeepFilter({ maxAgeMillis: 1000 }, now)).toEqual({
      timestampRange: { startMicros: BigInt(now - 1000) * 1000n },
    });
  });
  it('keeps what every union member keeps, and what any intersection member keeps', () => {
    const rules = [{ maxVersions: 2 }, { maxAgeMillis: 60_000 }];
    expect(gcKeepFilter({ union: rules }, now)).toEqual({
      chain: [{ cellsPerColumnLimit: 2 }, { timestampRange: { startMicros: BigInt(now - 60_000) * 1000n } }],
    });
    expect(gcKeepFilter({ intersection: rules }, now)).toEqual({
      interleave: [
        { cellsPerColumnLimit: 2 },
        { timestampRange: { startMicros: BigInt(now - 60_000) * 1000n } },
      ],
    });
  });
});

describe('gcHidingFilter', () => {
  it('is undefined when no family has a rule', () => {
    expect(gcHidingFilter({ a: undefined, b: undefined }, now)).toBeUndefined();
  });
  it('applies each rule to its own family and passes rule-less families by a column range each', () => {
    expect(gcHidingFilter({ stats: { maxVersions: 1 }, tags: undefined, 'x.y': undefined }, now)).toEqual({
      interleave: [
        { chain: [{ columnRange: { family: 'stats' } }, { cellsPerColumnLimit: 1 }] },
        { columnRange: { family: 'tags' } },
        { columnRange: { family: 'x.y' } },
      ],
    });
  });
  it('is one chain when a single family is read', () => {
    expect(gcHidingFilter({ stats: { maxVersions: 1 } }, now)).toEqual({
      chain: [{ columnRange: { family: 'stats' } }, { cellsPerColumnLimit: 1 }],
    });
  });
});

describe('column filters', () => {
  it('select one column by a closed byte range, whatever its bytes', () => {
    const q = Uint8Array.from([0xff, 0x00, 0x2a]);
    expect(columnFilter('f', q)).toEqual({
      columnRange: { family: 'f', startQualifierClosed: q, endQualifierClosed: q },
    });
  });
  it('escape regex metacharacters in family names', () => {
    expect(familyPattern('a.b-c_d')).toBe('a\\.b\\-c_d');
  });
  it('reject a non-positive cell limit', () => {
    expect(() => latestCells(0)).toThrow(InvalidArgumentError);
    expect(latestCells(2)).toEqual({ cellsPerColumnLimit: 2 });
  });
});
