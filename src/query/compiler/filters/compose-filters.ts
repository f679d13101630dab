import type { RowFilter } from '../../../model/read-rows-request.js';
import { simplifyChain } from './simplify-chain.js';

/**
 * Sequential composition that never produces what Bigtable or the emulator rejects or wastes: `passAll` members are
 * dropped, nested chains are flattened, members that cannot change the result (a repeated selection, a limit
 * already enforced: see {@link simplifyChain}) are dropped, a `blockAll` makes the whole chain `blockAll`, a single
 * member is returned unwrapped (the emulator rejects a one-element chain), and nothing at all is `undefined`.
 *
 * @example
 * ```ts
 * chainFilters([{ familyNameRegex: 'stats' }, undefined, { passAll: true }]); // { familyNameRegex: 'stats' }
 * ```
 */
export function chainFilters(filters: ReadonlyArray<RowFilter | undefined>): RowFilter | undefined {
  const flat: RowFilter[] = [];
  for (const filter of filters) {
    if (filter === undefined || filter.passAll) continue;
    if (filter.blockAll) return { blockAll: true };
    if (filter.chain) flat.push(...filter.chain);
    else flat.push(filter);
  }
  const members = simplifyChain(flat);
  if (members.length === 0) return undefined;
  if (members.length === 1) return members[0];
  return { chain: members };
}

/**
 * Union composition with the same guarantees: `blockAll` members are dropped, nested interleaves flattened, a
 * `passAll` or `undefined` member (meaning "everything") makes the result `undefined`, a single member is returned
 * unwrapped, and an empty list is `blockAll` (the union of nothing).
 *
 * @example
 * ```ts
 * interleaveFilters([{ familyNameRegex: 'a' }, { familyNameRegex: 'b' }]); // { interleave: [...] }
 * ```
 */
export function interleaveFilters(filters: ReadonlyArray<RowFilter | undefined>): RowFilter | undefined {
  const members: RowFilter[] = [];
  for (const filter of filters) {
    if (filter === undefined || filter.passAll) return undefined;
    if (filter.blockAll) continue;
    if (filter.interleave) members.push(...filter.interleave);
    else members.push(filter);
  }
  if (members.length === 0) return { blockAll: true };
  if (members.length === 1) return members[0];
  return { interleave: members };
}
