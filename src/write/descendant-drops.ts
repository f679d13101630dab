import { KeyEncodingError } from '../errors/key-encoding-error.js';
import type { EntityClass, EntityMetadata } from '../metadata/entity-metadata.js';
import { getEntityMetadata } from '../metadata/entity-registry.js';
import type { PrefixDeletePlan } from '../query/index.js';
import { planPrefixDelete } from '../query/index.js';

const same = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function pushDistinct(into: Uint8Array[], bytes: readonly Uint8Array[]): void {
  for (const b of bytes) if (!into.some((x) => same(x, b))) into.push(b);
}

/**
 * Widens the plan of a full key (one row) to the rows of the entities named in `alsoDelete` whose keys continue
 * that key: `deleteByPrefix({ videoId: 'v1' }, { alsoDelete: [Comment] })` on a Video drops the video's comments
 * (each named entity's own prefix under the key, from its key codec) and then the video's row. Without this, a
 * full key planned only its own row and the call resolved having left the children behind. A named entity whose
 * key does not start with these key parts adds nothing here; the guard then refuses it (it cannot be deleted by
 * this call). Other plans already drop everything under their prefix and are returned as they are.
 *
 * @example
 * ```ts
 * const plan = withNamedDescendants(videoMeta, planPrefixDelete(videoMeta, { videoId: 'v1' }), { videoId: 'v1' }, [Comment]);
 * // { kind: 'drops', prefixes: ['video#v1#c#'], rows: ['video#v1'] }
 * ```
 */
export function withNamedDescendants(
  meta: EntityMetadata,
  plan: PrefixDeletePlan,
  partialKey: object,
  alsoDelete: readonly EntityClass[] = [],
): PrefixDeletePlan {
  if (plan.kind === 'table' || plan.prefixes.length > 0) return plan;
  const prefixes: Uint8Array[] = [];
  const rows: Uint8Array[] = [];
  for (const other of alsoDelete) {
    if (other === meta.target) continue;
    let under: PrefixDeletePlan;
    try {
      under = planPrefixDelete(getEntityMetadata(other), partialKey);
    } catch (error) {
      // Its key does not begin with these parts: its rows are not under this key.
      if (error instanceof KeyEncodingError) continue;
      throw error;
    }
    if (under.kind === 'table') continue;
    pushDistinct(prefixes, under.prefixes);
    pushDistinct(rows, under.rows);
  }
  if (prefixes.length === 0) return plan;
  // The children first, the row itself last: a call that stops half-way leaves the parent to find and delete again.
  pushDistinct(rows, plan.rows);
  return { kind: 'drops', prefixes, rows };
}
