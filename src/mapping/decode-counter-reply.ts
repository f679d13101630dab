import { bytesEqual } from '../codecs/key/bytes.js';
import { TransportError } from '../errors/transport-error.js';
import { printableKey } from '../errors/printable-key.js';
import type { CounterFieldMetadata } from '../metadata/entity-metadata.js';
import type { RowData } from '../model/row-data.js';
import { located } from './locate-error.js';

/**
 * The new value of a counter from the row a ReadModifyWriteRow increment answered with (the cells it modified).
 * A reply without the counter's cell breaks the RPC's contract: TransportError, saying that the increment was
 * applied (the call succeeded) but its result is unknown, so the caller reads the counter instead of adding again.
 * A cell that does not decode is a ValueEncodingError naming the entity, property, row and column.
 *
 * @example
 * ```ts
 * const likes = decodeCounterReply('Video', likesField, await readModifyWriteRow(conn, table, key, [rule]));
 * ```
 */
export function decodeCounterReply(
  entity: string,
  field: CounterFieldMetadata,
  row: RowData,
): bigint | number {
  // Cells come newest first within a column: the first one of the counter's column is its value.
  const cell = row.cells.find((c) => c.family === field.family && bytesEqual(c.qualifier, field.qualifier));
  if (cell === undefined)
    throw new TransportError(
      'ReadModifyWriteRow',
      `the reply for ${entity}.${field.property} in row "${printableKey(row.key)}" has no cell ` +
        `${field.family}:${printableKey(field.qualifier)}; the increment was applied but its new value is unknown ` +
        `(read the counter rather than incrementing again)`,
      undefined,
    );
  const where = { key: row.key, family: field.family, qualifier: field.qualifier };
  return located(entity, field.property, () => field.codec.decode(cell.value), where) as bigint | number;
}
