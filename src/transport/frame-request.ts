import { varintSize, writeBytesField } from './encode-mutate-rows-entry.js';

const TABLE_NAME = (1 << 3) | 2;

/**
 * A data request's protobuf bytes around fields the library encoded itself: the table name (field 1), then the body
 * (`bodySize` bytes of tagged fields, written by `writeBody` at the offset it is given), then the app profile in
 * field `appProfileField` when one is given, the empty string included (as the generated serializer writes a field
 * it is given). Every request the library serializes has its fields in this order.
 *
 * @example
 * ```ts
 * const bytes = frameRequest('projects/p/instances/i/tables/t', '', 3, fields.length, (b, at) => (b.set(fields, at), at + fields.length));
 * ```
 */
export function frameRequest(
  tableName: string,
  appProfileId: string | undefined | null,
  appProfileField: number,
  bodySize: number,
  writeBody: (buffer: Buffer, at: number) => number,
): Buffer {
  const table = Buffer.from(tableName, 'utf8');
  const profile =
    appProfileId === undefined || appProfileId === null ? undefined : Buffer.from(appProfileId, 'utf8');
  let total = 1 + varintSize(table.length) + table.length + bodySize;
  if (profile !== undefined) total += 1 + varintSize(profile.length) + profile.length;
  const buffer = Buffer.allocUnsafe(total);
  const at = writeBody(buffer, writeBytesField(buffer, 0, TABLE_NAME, table));
  if (profile !== undefined) writeBytesField(buffer, at, (appProfileField << 3) | 2, profile);
  return buffer;
}
