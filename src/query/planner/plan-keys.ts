import { normalizeKeyRanges, pointKeyRange } from '../../codecs/key/key-range.js';
import type { KeysNode } from '../nodes/read-node.js';
import type { FindPlan } from './plan-find.js';
import { checkVersionsWindow } from './plan-find.js';
import { projectionFilter } from './projection-filter.js';
import { evolutionReadNote } from '../compiler/filters/evolution-read-filter.js';

/**
 * Plans a read of whole entities by full key: the row set is the keys (sorted, each once; Bigtable returns each
 * row once anyway), the filter is the whole-entity read (with the versions window, if any). Nothing is left for the
 * client but putting the rows back in the caller's order.
 *
 * @example
 * ```ts
 * const plan = planKeys(keysNode(meta, [key]), Date.now());
 * ```
 */
export function planKeys(node: KeysNode, nowMillis: number): FindPlan {
  const { meta } = node;
  checkVersionsWindow(meta, node.versions);
  const ranges = normalizeKeyRanges(node.keys.map(pointKeyRange));
  const notes: string[] = [];
  if (ranges.length < node.keys.length)
    notes.push(`${node.keys.length - ranges.length} repeated key(s) read once`);
  const evolutionNote = evolutionReadNote(meta);
  if (evolutionNote !== undefined) notes.push(evolutionNote);
  return Object.freeze({
    rows: Object.freeze({
      ranges,
      filter: projectionFilter(meta, nowMillis, undefined, node.versions, []),
      rowsLimit: undefined,
      reversed: false,
    }),
    client: [],
    fingerprint: '',
    notes: Object.freeze(notes),
  });
}
