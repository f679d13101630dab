import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowFilter } from '../../../../src/model/read-rows-request.js';
import { familyFilter } from '../../../../src/query/compiler/filters/column-filters.js';
import { chainFilters, interleaveFilters } from '../../../../src/query/compiler/filters/compose-filters.js';
import { mergeTypeFilters } from '../../../../src/query/compiler/filters/merge-type-filters.js';
import type { TypeFilter } from '../../../../src/query/compiler/filters/merge-type-filters.js';
import type { ModelCell } from './evaluate-filter.js';
import { evaluateFilter, sortCells } from './evaluate-filter.js';

const FAMILIES = ['a', 'b', 'c', 'd'];
const QUALIFIERS = ['x', 'y'];

/** One per-family branch as the planner makes them: the family or one column, maybe the newest N cells. */
const branch = (family: string): fc.Arbitrary<RowFilter> =>
  fc
    .record({
      column: fc.option(fc.constantFrom(...QUALIFIERS), { nil: undefined }),
      latest: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
      byRange: fc.boolean(),
    })
    .map(({ column, latest, byRange }) =>
      chainFilters([
        column === undefined
          ? byRange
            ? familyFilter(family)
            : { familyNameRegex: family }
          : {
              columnRange: {
                family,
                startQualifierClosed: Buffer.from(column),
                endQualifierClosed: Buffer.from(column),
              },
            },
        latest === undefined ? undefined : { cellsPerColumnLimit: latest },
      ])!,
    );

/** A type: the families it declares and a filter over some of them, sometimes behind a row condition. */
const typeFilter: fc.Arbitrary<TypeFilter> = fc.subarray(FAMILIES, { minLength: 1 }).chain((families) =>
  fc.record({
    families: fc.constant(families),
    filter: fc.oneof(
      { weight: 1, arbitrary: fc.constant(undefined) },
      // The row-wide filter of a whole-entity read whose families all keep the same cells.
      {
        weight: 2,
        arbitrary: fc.integer({ min: 1, max: 2 }).map((n): RowFilter => ({ cellsPerColumnLimit: n })),
      },
      {
        weight: 6,
        arbitrary: fc
          .subarray(families, { minLength: 1 })
          .chain((read) => fc.tuple(...read.map(branch)))
          .chain((branches) =>
            fc.oneof(
              fc.constant(interleaveFilters(branches)),
              fc.constantFrom(...families).map((f): RowFilter => ({
                condition: { predicate: { familyNameRegex: f }, trueFilter: interleaveFilters(branches) },
              })),
            ),
          ),
      },
    ),
  }),
);

/** A row of a type: cells only in the families it declares. */
const rowOf = (families: readonly string[]): fc.Arbitrary<ModelCell[]> =>
  fc
    .array(
      fc.record({
        family: fc.constantFrom(...families),
        qualifier: fc.constantFrom(...QUALIFIERS),
        micros: fc.bigInt({ min: 1n, max: 5n }),
        value: fc.constantFrom('1', '2'),
      }),
      { maxLength: 8 },
    )
    .map((cells) => {
      const unique = new Map(cells.map((c) => [`${c.family}:${c.qualifier}:${c.micros}`, c]));
      return sortCells([...unique.values()]);
    });

const apply = (filter: RowFilter | undefined, row: readonly ModelCell[]): ModelCell[] =>
  filter === undefined ? [...row] : sortCells(evaluateFilter(filter, row));

describe('mergeTypeFilters', () => {
  it('every type gets exactly the cells of its own filter from its request, and is in exactly one request', () => {
    fc.assert(
      fc.property(
        fc
          .array(typeFilter, { minLength: 1, maxLength: 4 })
          .chain((types) =>
            fc.tuple(
              fc.constant(types),
              fc.tuple(...types.map((t) => fc.array(rowOf(t.families), { maxLength: 3 }))),
            ),
          ),
        ([types, rows]) => {
          const groups = mergeTypeFilters(types);
          expect(groups.flatMap((g) => g.types).sort()).toEqual(types.map((_t, i) => i));
          for (const group of groups)
            for (const t of group.types)
              for (const row of rows[t]!)
                expect(apply(group.filter, row)).toEqual(apply(types[t]!.filter, row));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('types reading a shared family differently get separate requests; agreeing or disjoint ones share one', () => {
    const newest: RowFilter = { chain: [{ familyNameRegex: 'd' }, { cellsPerColumnLimit: 1 }] };
    const history: RowFilter = { familyNameRegex: 'd' };
    expect(
      mergeTypeFilters([
        { filter: newest, families: ['d'] },
        { filter: history, families: ['d'] },
      ]).length,
    ).toBe(2);
    expect(
      mergeTypeFilters([
        { filter: newest, families: ['d'] },
        { filter: newest, families: ['d'] },
      ]).length,
    ).toBe(1);
    const merged = mergeTypeFilters([
      { filter: newest, families: ['d'] },
      { filter: { familyNameRegex: 'c' }, families: ['c'] },
      { filter: interleaveFilters([newest, { familyNameRegex: 'e' }]), families: ['d', 'e'] },
    ]);
    expect(merged).toEqual([
      {
        types: [0, 1, 2],
        filter: { interleave: [{ familyNameRegex: 'c' }, newest, { familyNameRegex: 'e' }] },
      },
    ]);
    // A projection of family d on one type, while the other type has cells in d too: not shareable.
    expect(
      mergeTypeFilters([
        { filter: { familyNameRegex: 'c' }, families: ['c', 'd'] },
        { filter: newest, families: ['d'] },
      ]).length,
    ).toBe(2);
  });

  it('a row-wide filter shares a request with per-family ones, and agreeing families become row-wide again', () => {
    const latest: RowFilter = { cellsPerColumnLimit: 1 };
    const newestD = chainFilters([familyFilter('d'), latest])!;
    // Type 0 keeps the newest cell of d and tags row-wide; type 1 the newest of d and the history of hist.
    expect(
      mergeTypeFilters([
        { filter: latest, families: ['d', 'tags'] },
        { filter: interleaveFilters([newestD, familyFilter('hist')]), families: ['d', 'hist'] },
      ]),
    ).toEqual([
      {
        types: [0, 1],
        filter: {
          interleave: [newestD, familyFilter('hist'), chainFilters([familyFilter('tags'), latest])],
        },
      },
    ]);
    // Every family of every type keeps the newest cell: one row-wide limit.
    expect(
      mergeTypeFilters([
        { filter: latest, families: ['d'] },
        { filter: chainFilters([familyFilter('e'), latest]), families: ['e'] },
      ]),
    ).toEqual([{ types: [0, 1], filter: latest }]);
  });
});
