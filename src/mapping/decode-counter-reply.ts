import { bytesEqual } from '../codecs/key/bytes.js';
import { readInt64BigEndian } from '../codecs/value/scalar-bytes.js';
import { CounterOverflowError } from '../errors/counter-overflow-error.js';
import { TransportError } from '../errors/transport-error.js';
import { printableKey } from '../errors/printable-key.js';
import type { CounterFieldMetadata } from '../metadata/entity-metadata.js';
import type { RowData } from '../model/row-data.js';
import { located } from './locate-error.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The new value of a counter from the row a ReadModifyWriteRow increment answered with (the cells it modified).
 * A reply without the counter's cell breaks the RPC's contract: TransportError, saying that the increment was
 * applied (the call succeeded) but its result is unknown, so the caller reads the counter instead of adding again.
 * A cell that does not decode is a ValueEncodingError naming the entity, property, row and column. A result out of
 * range is a CounterOverflowError (also saying the increment was applied): an int64 sum that Bigtable wrapped
 * around, told exactly by `by` and the new value (the old value `new - by` is then outside int64), or a `number`
 * counter beyond ±(2^53-1).
 *
 * @example
 * ```ts
 * const likes = decodeCounterReply('Video', likesField, await readModifyWriteRow(conn, table, key, [rule]), 1n);
 * ```
 */
export function decodeCounterReply(
  entity: string,
  field: CounterFieldMetadata,
  row: RowData,
  by: bigint,
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
  // Bigtable refuses to increment a cell that is not 8 bytes, so a reply of another size is a broken contract.
  if (cell.value.length !== 8)
    return located(entity, field.property, () => field.codec.decode(cell.value), where) as bigint | number;
  const storedValue = readInt64BigEndian(cell.value);
  const overflow = (range: 'int64' | 'safe-integer'): CounterOverflowError =>
    new CounterOverflowError({ entity, property: field.property, key: row.key, by, storedValue, range });
  const before = storedValue - by;
  if (before < INT64_MIN || before > INT64_MAX) throw overflow('int64');
  if (field.codec.name !== 'int64AsNumber') return storedValue;
  if (storedValue > MAX_SAFE || storedValue < -MAX_SAFE) throw overflow('safe-integer');
  return Number(storedValue);
}
