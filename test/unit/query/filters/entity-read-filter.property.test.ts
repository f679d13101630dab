// Issue 30: a whole-entity read sends the cheapest filter (one row-wide filter when every family keeps the same
// cells, column ranges instead of family-name regexes otherwise). This pins that every such form returns, in every
// family the entity declares, exactly the cells the naive per-family specification keeps: what the family's GC rule
// would keep and, unless a property shows the history, the newest cell of each column. The reference interpreter
// (evaluate-filter.ts) runs both on random rows of random family shapes, with cells of undeclared families too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import type { GcRule } from '../../../../src/model/family-spec.js';
import type { RowFilter } from '../../../../src/model/read-rows-request.js';
import {
  entityReadFilter,
  wholeEntityReadFilter,
} from '../../../../src/query/compiler/filters/entity-read-filter.js';
import { gcKeepFilter } from '../../../../src/query/compiler/filters/gc-filter.js';
import type { ModelCell } from './evaluate-filter.js';
import { evaluateFilter, sortCells } from './evaluate-filter.js';

const NOW_MILLIS = 10;
const FAMILIES = ['a', 'b', 'c'];
const OTHER_FAMILY = 'z';

const leafRule: fc.Arbitrary<GcRule> = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map((maxVersions) => ({ maxVersions })),
  fc.integer({ min: 1, max: 9 }).map((maxAgeMillis) => ({ maxAgeMillis })),
);
const gcRule: fc.Arbitrary<GcRule> = fc.oneof(
  { weight: 3, arbitrary: leafRule },
  { weight: 1, arbitrary: fc.array(leafRule, { minLength: 2, maxLength: 2 }).map((union) => ({ union })) },
  {
    weight: 1,
    arbitrary: fc.array(leafRule, { minLength: 2, maxLength: 2 }).map((intersection) => ({ intersection })),
  },
);

interface FamilyShape {
  readonly name: string;
  readonly gcRule: GcRule | undefined;
  readonly versioned: boolean;
}

/** The metadata the read filters look at: families with their GC rule, fields with their family and history. */
const entityShape: fc.Arbitrary<FamilyShape[]> = fc.subarray(FAMILIES, { minLength: 1 }).chain((names) =>
  fc.tuple(
    ...names.map((name) =>
      fc.record({
        name: fc.constant(name),
        gcRule: fc.option(gcRule, { nil: undefined, freq: 2 }),
        versioned: fc.boolean(),
      }),
    ),
  ),
);

function metadataOf(shape: readonly FamilyShape[]): EntityMetadata {
  return {
    name: 'Shape',
    families: shape.map((f) => ({ name: f.name, gcRule: f.gcRule })),
    fields: shape.map((f) => ({ kind: 'column', family: f.name, versioned: f.versioned })),
  } as unknown as EntityMetadata;
}

const row: fc.Arbitrary<ModelCell[]> = fc
  .array(
    fc.record({
      family: fc.constantFrom(...FAMILIES, OTHER_FAMILY),
      qualifier: fc.constantFrom('x', 'y'),
      micros: fc.bigInt({ min: 0n, max: 12_000n }),
      value: fc.constantFrom('1', '2'),
    }),
    { maxLength: 14 },
  )
  .map((cells) =>
    sortCells([...new Map(cells.map((c) => [`${c.family}:${c.qualifier}:${c.micros}`, c])).values()]),
  );

/** Interleaved GC branches may return a cell twice; the row reader collapses such duplicates. */
function read(filter: RowFilter | undefined, cells: readonly ModelCell[]): ModelCell[] {
  const out = filter === undefined ? [...cells] : evaluateFilter(filter, cells);
  return sortCells([...new Map(out.map((c) => [`${c.family}:${c.qualifier}:${c.micros}`, c])).values()]);
}

/** The specification, family by family, written without any of the compiler's forms. */
function expected(shape: readonly FamilyShape[], cells: readonly ModelCell[]): ModelCell[] {
  return sortCells(
    shape.flatMap((f) => {
      let own = cells.filter((c) => c.family === f.name);
      const gc = f.gcRule === undefined ? undefined : gcKeepFilter(f.gcRule, NOW_MILLIS);
      if (gc !== undefined) own = read(gc, own);
      if (!f.versioned) own = read({ cellsPerColumnLimit: 1 }, own);
      return own;
    }),
  );
}

const declared = (shape: readonly FamilyShape[], cells: readonly ModelCell[]): ModelCell[] =>
  cells.filter((c) => shape.some((f) => f.name === c.family));

describe('whole-entity read filters', () => {
  it('return exactly the specified cells of every declared family, whatever the family shapes', () => {
    fc.assert(
      fc.property(entityShape, row, (shape, cells) => {
        const meta = metadataOf(shape);
        const want = expected(shape, cells);
        // The hydrator reads only the declared families, so the row-wide form may return others' cells.
        expect(declared(shape, read(wholeEntityReadFilter(meta, NOW_MILLIS), cells))).toEqual(want);
        // The family-restricted form (keys-only reads count its cells) returns no other family's cells at all.
        expect(read(entityReadFilter(meta, NOW_MILLIS), cells)).toEqual(want);
      }),
      { numRuns: 1000 },
    );
  });

  it('is one row-wide filter when every family keeps the newest cell, GC maxVersions(N) or not', () => {
    const meta = metadataOf([
      { name: 'a', gcRule: { maxVersions: 1 }, versioned: false },
      { name: 'b', gcRule: undefined, versioned: false },
      { name: 'c', gcRule: { maxVersions: 5 }, versioned: false },
    ]);
    expect(wholeEntityReadFilter(meta, NOW_MILLIS)).toEqual({ cellsPerColumnLimit: 1 });
  });

  it('is one row-wide time window when every family has the same maxAge rule', () => {
    const meta = metadataOf([
      { name: 'a', gcRule: { maxAgeMillis: 4 }, versioned: false },
      { name: 'b', gcRule: { maxAgeMillis: 4 }, versioned: false },
    ]);
    expect(wholeEntityReadFilter(meta, NOW_MILLIS)).toEqual({
      chain: [{ timestampRange: { startMicros: 6000n } }, { cellsPerColumnLimit: 1 }],
    });
  });

  it('selects families by column ranges, never by name regexes, when their policies differ', () => {
    const meta = metadataOf([
      { name: 'a', gcRule: { maxAgeMillis: 4 }, versioned: false },
      { name: 'b', gcRule: undefined, versioned: true },
    ]);
    expect(wholeEntityReadFilter(meta, NOW_MILLIS)).toEqual({
      interleave: [
        {
          chain: [
            { columnRange: { family: 'a' } },
            { timestampRange: { startMicros: 6000n } },
            { cellsPerColumnLimit: 1 },
          ],
        },
        { columnRange: { family: 'b' } },
      ],
    });
  });
});
