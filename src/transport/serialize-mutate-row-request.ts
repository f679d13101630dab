import { varintSize, writeBytesField } from './encode-mutate-rows-entry.js';

const TABLE_NAME = (1 << 3) | 2;
const APP_PROFILE_ID = (4 << 3) | 2;

/** A MutateRow request as the library sends it: its row key and mutations already encoded (`encodeMutateRowFields`). */
export interface EncodedMutateRowRequest {
  readonly tableName: string;
  /** Written when given, the empty string included. */
  readonly appProfileId?: string | undefined;
  readonly rowFields: Uint8Array;
}

/** The UTF-8 bytes of an optional string field (undefined: the field is not written). */
function textOf(value: string | undefined | null): Buffer | undefined {
  return value === undefined || value === null ? undefined : Buffer.from(value, 'utf8');
}

/**
 * The protobuf bytes of a `MutateRowRequest` whose row key and mutations are already encoded: table name (1), row key
 * (2) and mutations (3), app profile (4), in field-number order as the generated serializer writes them.
 *
 * @example
 * ```ts
 * const rowFields = encodeMutateRowFields(Buffer.from('phone#1'), [{ kind: 'deleteFromRow' }]);
 * const bytes = serializeMutateRowRequest({ tableName: 'projects/p/instances/i/tables/t', rowFields });
 * ```
 */
export function serializeMutateRowRequest(request: EncodedMutateRowRequest): Buffer {
  const table = Buffer.from(request.tableName, 'utf8');
  const profile = textOf(request.appProfileId);
  const { rowFields } = request;
  let total = 1 + varintSize(table.length) + table.length + rowFields.length;
  if (profile !== undefined) total += 1 + varintSize(profile.length) + profile.length;
  const buffer = Buffer.allocUnsafe(total);
  let at = writeBytesField(buffer, 0, TABLE_NAME, table);
  buffer.set(rowFields, at);
  at += rowFields.length;
  if (profile !== undefined) writeBytesField(buffer, at, APP_PROFILE_ID, profile);
  return buffer;
}
