import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { RowFilter } from '../model/read-rows-request.js';
import { versionTokenRange } from '../mapping/schema-version-token.js';

/**
 * A scan filter that lets the server drop rows already at `version`: a condition whose predicate is the version
 * cell holding `version` (any write id: `v‖00…` to `v‖FF…`, both closed), passing the row through `read` only when
 * it does not match. The predicate is not atomic with the branch; that is harmless here, as every rewrite is
 * conditional on the version cell it read.
 *
 * @example
 * ```ts
 * const filter = currentVersionFilter(meta, 3, wholeEntityReadFilter(meta, Date.now()));
 * ```
 */
export function currentVersionFilter(
  meta: EntityMetadata,
  version: number,
  read: RowFilter | undefined,
): RowFilter | undefined {
  const evolution = meta.evolution;
  if (!evolution) return read;
  const range = versionTokenRange(version);
  const predicate: RowFilter = {
    chain: [
      {
        columnRange: {
          family: evolution.family,
          startQualifierClosed: evolution.qualifier,
          endQualifierClosed: evolution.qualifier,
        },
      },
      { cellsPerColumnLimit: 1 },
      {
        valueRange: {
          startValueClosed: range.start,
          endValueClosed: range.end,
        },
      },
    ],
  };
  return { condition: { predicate, falseFilter: read ?? { passAll: true } } };
}
