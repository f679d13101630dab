// The hydrator as it was before the one-pass read plan (issue 14), kept as the oracle of the property test.
import { toHex } from '../../../src/codecs/key/bytes.js';
import { KeyEncodingError } from '../../../src/errors/key-encoding-error.js';
import type { EntityMetadata, FieldMetadata } from '../../../src/metadata/entity-metadata.js';
import type { Cell, RowData } from '../../../src/model/row-data.js';
import { located } from '../../../src/mapping/locate-error.js';
import { microsToDate } from '../../../src/mapping/save-timestamp.js';

export type { Versioned } from '../../../src/metadata/entity-metadata.js';

/** Cells grouped by family, then by qualifier (hex), each column newest first. */
type CellIndex = Map<string, Map<string, Cell[]>>;

function indexCells(cells: readonly Cell[]): CellIndex {
  const index: CellIndex = new Map();
  for (const cell of cells) {
    let family = index.get(cell.family);
    if (!family) index.set(cell.family, (family = new Map()));
    const id = toHex(cell.qualifier);
    const column = family.get(id);
    if (column) column.push(cell);
    else family.set(id, [cell]);
  }
  for (const family of index.values()) {
    for (const column of family.values())
      column.sort((a, b) =>
        a.timestampMicros > b.timestampMicros ? -1 : a.timestampMicros < b.timestampMicros ? 1 : 0,
      );
  }
  return index;
}

function compareHex(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The straightforward hydrator the compiled one replaced: an index of every cell by family and hex qualifier. */
export function referenceHydrate<E extends object>(meta: EntityMetadata<E>, row: RowData): E {
  const entity = Object.create(meta.target.prototype as object) as Record<string, unknown>;
  const keyValues = decodeKey(meta, row.key);
  for (const part of meta.key.parts) entity[part.property] = keyValues[part.property];
  const index = indexCells(row.cells);
  // Every mapped property becomes an own property, even when undefined, like the class fields of `new C()`.
  for (const field of meta.fields) entity[field.property] = readField(meta.name, row.key, field, index);
  return entity as E;
}

function decodeKey(meta: EntityMetadata, key: Uint8Array): Record<string, unknown> {
  try {
    return meta.key.codec.decode(key) as Record<string, unknown>;
  } catch (error) {
    // The codec names the field and its bytes; a reader also needs the whole key to find the row.
    if (error instanceof KeyEncodingError && error.rowKey === undefined) throw error.inRow(key);
    throw error;
  }
}

function readField(entity: string, key: Uint8Array, field: FieldMetadata, index: CellIndex): unknown {
  const family = index.get(field.family);
  // The error names the cell too: a bad value found by a scan must be traceable to its row and column.
  const decode = (cell: Cell, bytes: Uint8Array, fn: (b: Uint8Array) => unknown): unknown =>
    located(entity, field.property, () => fn(bytes), {
      key,
      family: cell.family,
      qualifier: cell.qualifier,
    });
  switch (field.kind) {
    case 'map': {
      const map = new Map<unknown, unknown>();
      for (const [, cells] of [...(family ?? new Map<string, Cell[]>())].sort(([a], [b]) =>
        compareHex(a, b),
      )) {
        const latest = cells[0];
        if (!latest) continue;
        const key = decode(latest, latest.qualifier, (b) => field.keyCodec.decode(b));
        map.set(
          key,
          decode(latest, latest.value, (b) => field.valueCodec.decode(b)),
        );
      }
      return map;
    }
    case 'set': {
      const set = new Set<unknown>();
      for (const [, cells] of [...(family ?? new Map<string, Cell[]>())].sort(([a], [b]) =>
        compareHex(a, b),
      )) {
        const latest = cells[0];
        if (latest) set.add(decode(latest, latest.qualifier, (b) => field.keyCodec.decode(b)));
      }
      return set;
    }
    default: {
      const cells = family?.get(toHex(field.qualifier)) ?? [];
      const versioned = (field.kind === 'column' || field.kind === 'aggregate') && field.versioned;
      if (versioned) {
        return cells.map((cell) => ({
          timestamp: microsToDate(cell.timestampMicros),
          value: decode(cell, cell.value, (b) => field.codec.decode(b)),
        }));
      }
      const latest = cells[0];
      if (latest) return decode(latest, latest.value, (b) => field.codec.decode(b));
      return missingValue(field);
    }
  }
}

function missingValue(field: FieldMetadata): unknown {
  const zero = (codecName: string): bigint | number => (codecName === 'int64AsNumber' ? 0 : 0n);
  switch (field.kind) {
    case 'column':
      return field.nullable ? null : undefined;
    case 'counter':
    case 'version':
      return zero(field.codec.name);
    case 'aggregate':
      return field.aggregate === 'sum' ? zero(field.codec.name) : undefined;
    default:
      return undefined;
  }
}
