import { varintSize, writeBytesField } from './encode-mutate-rows-entry.js';
import { frameRequest } from './frame-request.js';

/** A MutateRows request as the library sends it: its entries already encoded (`encodeMutateRowsEntry`). */
export interface EncodedMutateRowsRequest {
  readonly tableName: string;
  /** Written when given, the empty string included (as the generated serializer writes a field it is given). */
  readonly appProfileId?: string | undefined;
  readonly entries: readonly { readonly encoded: Uint8Array }[];
}

const ENTRY = (2 << 3) | 2;
const APP_PROFILE_FIELD = 3;

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
  const { entries } = request;
  let size = 0;
  for (const entry of entries) {
    const length = entry.encoded.length;
    size += 1 + varintSize(length) + length;
  }
  return frameRequest(request.tableName, request.appProfileId, APP_PROFILE_FIELD, size, (buffer, at) => {
    for (const entry of entries) at = writeBytesField(buffer, at, ENTRY, entry.encoded);
    return at;
  });
}
