import type { RowFilter } from '../../../model/read-rows-request.js';
import { familyFilter, familyPattern, wholeFamilyOf } from './column-filters.js';
import { chainFilters, interleaveFilters } from './compose-filters.js';
import { sameFilter } from './same-filter.js';

/**
 * The filter of one entity type in a read of several types, with the families that type declares (the only ones
 * its rows have cells in).
 *
 * @example
 * ```ts
 * const f: TypeFilter = { filter: entityReadFilter(meta, now), families: meta.families.map((x) => x.name) };
 * ```
 */
export interface TypeFilter {
  readonly filter: RowFilter | undefined;
  readonly families: readonly string[];
}

/**
 * Types that can share one ReadRows, and the filter of that request. `types` are indexes into the input.
 *
 * @example
 * ```ts
 * for (const g of mergeTypeFilters(filters)) console.log(g.types, g.filter);
 * ```
 */
export interface FilterGroup {
  readonly types: readonly number[];
  readonly filter: RowFilter | undefined;
}

type Families = ReadonlySet<string> | 'all';

const ALL: Families = 'all';

function union(a: Families, b: Families): Families {
  return a === 'all' || b === 'all' ? ALL : new Set([...a, ...b]);
}

function regexFamilies(pattern: string, known: readonly string[]): Families {
  const single = known.find((f) => familyPattern(f) === pattern);
  if (single !== undefined) return new Set([single]);
  const alternatives = /^\(\?:(.*)\)$/.exec(pattern);
  if (alternatives) {
    const names = alternatives[1]!.split('|').map((p) => known.find((f) => familyPattern(f) === p));
    if (names.every((n) => n !== undefined)) return new Set(names as string[]);
  }
  return ALL;
}

/**
 * The families whose cells a filter can output or look at (a sound over-approximation; 'all' when unknown). A
 * condition counts its predicate's families too: a row of another type could make the predicate match.
 */
function touchedFamilies(filter: RowFilter | undefined, known: readonly string[]): Families {
  if (filter === undefined || filter.passAll) return ALL;
  if (filter.blockAll) return new Set();
  if (filter.familyNameRegex !== undefined) return regexFamilies(filter.familyNameRegex, known);
  if (filter.columnRange) return new Set([filter.columnRange.family]);
  if (filter.chain) {
    // A chain outputs only what every member passes: the first member that names families bounds it.
    for (const member of filter.chain) {
      const families = touchedFamilies(member, known);
      if (families !== 'all') return families;
    }
    return ALL;
  }
  if (filter.interleave)
    return filter.interleave.reduce<Families>((acc, m) => union(acc, touchedFamilies(m, known)), new Set());
  if (filter.condition) {
    const { predicate, trueFilter, falseFilter } = filter.condition;
    let families = union(touchedFamilies(predicate, known), touchedFamilies(trueFilter, known));
    if (falseFilter) families = union(families, touchedFamilies(falseFilter, known));
    return families;
  }
  return ALL;
}

/**
 * Whether a filter treats each column on its own (limits per column, time and value predicates, rewrites), so that
 * applied to a row it yields, family by family, what it yields applied to each family's cells alone.
 */
function columnLocal(filter: RowFilter): boolean {
  if (filter.chain) return filter.chain.every(columnLocal);
  if (filter.interleave) return filter.interleave.every(columnLocal);
  return (
    filter.cellsPerColumnLimit !== undefined ||
    filter.timestampRange !== undefined ||
    filter.stripValue !== undefined ||
    filter.applyLabel !== undefined ||
    filter.valueRange !== undefined ||
    filter.valueRegex !== undefined
  );
}

/**
 * The filter split by family when it is a union of branches that each stay in one family (what whole-entity reads,
 * projections and windows produce), or a row-wide column-local filter (split over the type's own families, the
 * only ones its rows have); undefined when it is neither (conditions, row-level limits, no filter).
 */
function perFamily(
  filter: RowFilter | undefined,
  known: readonly string[],
  declared: readonly string[],
): Map<string, RowFilter[]> | undefined {
  if (filter === undefined) return undefined;
  if (touchedFamilies(filter, known) === 'all' && columnLocal(filter))
    return new Map(declared.map((f) => [f, [chainFilters([familyFilter(f), filter])!]]));
  const out = new Map<string, RowFilter[]>();
  for (const branch of filter.interleave ?? [filter]) {
    if (branch.condition) return undefined;
    const families = touchedFamilies(branch, known);
    if (families === 'all') return undefined;
    if (families.size > 1) {
      // Only a name pattern of several families reaches here: split it back into one selection per family.
      if (branch.familyNameRegex === undefined) return undefined;
      for (const f of families) out.set(f, [...(out.get(f) ?? []), familyFilter(f)]);
      continue;
    }
    for (const f of families) out.set(f, [...(out.get(f) ?? []), branch]);
  }
  return out;
}

const same = sameFilter;

interface Shape {
  readonly index: number;
  readonly filter: RowFilter | undefined;
  readonly touched: Families;
  readonly split: Map<string, RowFilter[]> | undefined;
  readonly declared: ReadonlySet<string>;
}

/** Whether a's filter, applied to b's rows, selects exactly what b's filter selects in every family b has. */
function agreesOn(a: Shape, b: Shape): boolean {
  if (a.split && b.split) {
    for (const [family, branches] of a.split) {
      if (!b.declared.has(family)) continue;
      const theirs = b.split.get(family);
      if (!theirs || !same(branches, theirs)) return false;
    }
    return true;
  }
  return a.touched !== 'all' && ![...a.touched].some((f) => b.declared.has(f));
}

/**
 * Whether two types' filters can be one filter without either type losing or gaining cells: equal filters, or
 * each filter selects in the other type's families exactly what the other's own filter does (nothing there, or the
 * same per-family branches).
 */
function compatible(a: Shape, b: Shape): boolean {
  return same(a.filter, b.filter) || (agreesOn(a, b) && agreesOn(b, a));
}

/** What a per-family branch keeps of its family when it is `chain[whole family, …keep]`; undefined otherwise. */
function keepOf(branch: RowFilter, family: string): { readonly keep: RowFilter | undefined } | undefined {
  if (wholeFamilyOf(branch) === family) return { keep: undefined };
  const [first, ...rest] = branch.chain ?? [];
  if (first === undefined || wholeFamilyOf(first) !== family) return undefined;
  return { keep: chainFilters(rest) };
}

/**
 * One filter for a group of compatible types: per family its branches once; when every family any of the types
 * declares keeps the same cells, that one row-wide filter instead (the cheapest form, see familyPolicyFilter).
 */
function groupFilter(shapes: readonly Shape[]): RowFilter | undefined {
  if (shapes.every((s) => same(s.filter, shapes[0]!.filter))) return shapes[0]!.filter;
  const byFamily = new Map<string, RowFilter[]>();
  const whole: RowFilter[] = [];
  for (const shape of shapes) {
    if (!shape.split) {
      if (shape.filter !== undefined && !whole.some((w) => same(w, shape.filter))) whole.push(shape.filter);
      continue;
    }
    for (const [family, branches] of shape.split) if (!byFamily.has(family)) byFamily.set(family, branches);
  }
  const families = [...byFamily.keys()].sort();
  if (whole.length === 0 && shapes.every((s) => [...s.declared].every((f) => byFamily.has(f)))) {
    const keeps = families.map((f) => {
      const own = byFamily.get(f)!;
      return own.length === 1 ? keepOf(own[0]!, f) : undefined;
    });
    if (keeps.every((k) => k !== undefined && same(k.keep, keeps[0]!.keep)) && keeps[0]!.keep !== undefined)
      return keeps[0]!.keep;
  }
  return interleaveFilters([...families.flatMap((f) => byFamily.get(f)!), ...whole]);
}

/**
 * Groups the filters of several entity types read together so that every type's rows get exactly the cells its
 * own filter selects, whatever order the types were given in. A ReadRows filter applies to every row, so types
 * whose filters disagree on a family both use (say one reads the newest cell of family `d`, the other the history)
 * cannot share a request: each group becomes its own ReadRows over its types' rows. Compatible types (equal
 * filters, disjoint families, or per-family branches that agree) share one request with the union of their
 * branches. Pass the types in a canonical order (e.g. by key) so that the requests do not depend on the caller's.
 *
 * @example
 * ```ts
 * const groups = mergeTypeFilters([invoiceFilter, paymentFilter]); // two groups when family d is read differently
 * ```
 */
export function mergeTypeFilters(types: readonly TypeFilter[]): FilterGroup[] {
  const known = [...new Set(types.flatMap((t) => t.families))];
  const shapes: Shape[] = types.map((t, index) => ({
    index,
    filter: t.filter,
    touched: touchedFamilies(t.filter, known),
    split: perFamily(t.filter, known, t.families),
    declared: new Set(t.families),
  }));
  const groups: Shape[][] = [];
  for (const shape of shapes) {
    const group = groups.find((g) => g.every((member) => compatible(member, shape)));
    if (group) group.push(shape);
    else groups.push([shape]);
  }
  return groups.map((g) => ({ types: g.map((s) => s.index), filter: groupFilter(g) }));
}
