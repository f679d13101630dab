import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { RowFilter } from '../../model/read-rows-request.js';
import { evolutionOf } from './evolution-stand-in.js';

function versionBytes(version: number, fill: number): Uint8Array {
  const out = new Uint8Array(16).fill(fill);
  new DataView(out.buffer).setBigInt64(0, BigInt(version));
  return out;
}

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
  const evolution = evolutionOf(meta);
  if (!evolution) return read;
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
          startValueClosed: versionBytes(version, 0),
          endValueClosed: versionBytes(version, 0xff),
        },
      },
    ],
  };
  return { condition: { predicate, falseFilter: read ?? { passAll: true } } };
}
