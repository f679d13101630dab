import { varintSize, writeBytesField } from './encode-mutate-rows-entry.js';

/** A MutateRows request as the library sends it: its entries already encoded (`encodeMutateRowsEntry`). */
export interface EncodedMutateRowsRequest {
  readonly tableName: string;
  /** Written when given, the empty string included (as the generated serializer writes a field it is given). */
  readonly appProfileId?: string | undefined;
  readonly entries: readonly { readonly encoded: Uint8Array }[];
}

const TABLE_NAME = (1 << 3) | 2;
const ENTRY = (2 << 3) | 2;
const APP_PROFILE_ID = (3 << 3) | 2;
/**
 * The protobuf bytes of a `MutateRowsRequest` whose entries are already encoded: the fields in field-number order
 * (table name, entries, app profile), as the generated serializer writes them; the entries' bytes are copied once
 * into one buffer. Passed to the gRPC stub as the call's serializer.
 *
 * @example
 * ```ts
 * const entry = encodeMutateRowsEntry(Buffer.from('phone#1'), [{ kind: 'deleteFromRow' }]);
 * const bytes = serializeMutateRowsRequest({ tableName: 'projects/p/instances/i/tables/t', entries: [{ encoded: entry }] });
 * ```
 */
export function serializeMutateRowsRequest(request: EncodedMutateRowsRequest): Buffer {
  const table = Buffer.from(request.tableName, 'utf8');
  const profile =
    request.appProfileId === undefined || request.appProfileId === null
      ? undefined
      : Buffer.from(request.appProfileId, 'utf8');
  const { entries } = request;
  let total = 1 + varintSize(table.length) + table.length;
  for (const entry of entries) {
    const length = entry.encoded.length;
    total += 1 + varintSize(length) + length;
  }
  if (profile !== undefined) total += 1 + varintSize(profile.length) + profile.length;
  const buffer = Buffer.allocUnsafe(total);
  let at = writeBytesField(buffer, 0, TABLE_NAME, table);
  for (const entry of entries) at = writeBytesField(buffer, at, ENTRY, entry.encoded);
  if (profile !== undefined) at = writeBytesField(buffer, at, APP_PROFILE_ID, profile);
  return buffer;
}
