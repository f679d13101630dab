import { bytesEqual, compareBytes } from '../codecs/key/bytes.js';
import type { MapFieldMetadata, SetFieldMetadata } from '../metadata/entity-metadata.js';
import type { Cell } from '../model/row-data.js';
import { decodeCell, readField } from './hydrate-entity-general.js';

/**
 * A Map/Set property from the cells of its family, exactly as `readField` reads it (latest cell per qualifier, in
 * qualifier byte order), without the intermediate list of latest cells: cells a read delivers are already in
 * qualifier order and usually one per qualifier, so one comparison pass lets them be decoded in place. Cells out of
 * order take the general path. The cells are `cells[from..to)`: a family's cells arrive together, so the caller
 * need not copy them out of the row.
 *
 * @example
 * ```ts
 * const tags = readCollection('Device', row.key, field, row.cells, first, end);
 * ```
 */
export function readCollection(
  entity: string,
  key: Uint8Array,
  field: MapFieldMetadata | SetFieldMetadata,
  cells: readonly Cell[] | undefined,
  from: number,
  to: number,
): Map<unknown, unknown> | Set<unknown> {
  if (cells === undefined || from >= to) return field.kind === 'map' ? new Map() : new Set();
  const n = to;
  let repeats = false;
  for (let i = from + 1; i < n; i++) {
    const order = compareBytes(cells[i - 1]!.qualifier, cells[i]!.qualifier);
    if (order > 0) return readField(entity, key, field, cells.slice(from, to)) as Map<unknown, unknown>;
    if (order === 0) repeats = true;
  }
  const map = field.kind === 'map' ? new Map<unknown, unknown>() : undefined;
  const set = field.kind === 'set' ? new Set<unknown>() : undefined;
  for (let i = from; i < n;) {
    let latest = cells[i++]!;
    // Several versions of one qualifier: the newest wins, the first of equal timestamps.
    if (repeats)
      while (i < n && bytesEqual(cells[i]!.qualifier, latest.qualifier)) {
        const cell = cells[i++]!;
        if (cell.timestampMicros > latest.timestampMicros) latest = cell;
      }
    const member = decodeCell(entity, key, field.property, latest, latest.qualifier, field.keyCodec);
    if (map !== undefined)
      map.set(
        member,
        decodeCell(entity, key, field.property, latest, latest.value, (field as MapFieldMetadata).valueCodec),
      );
    else set!.add(member);
  }
  return map ?? set!;
}
