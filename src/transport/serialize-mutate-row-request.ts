import { frameRequest } from './frame-request.js';

const APP_PROFILE_FIELD = 4;

/** A MutateRow request as the library sends it: its row key and mutations already encoded (`encodeMutateRowFields`). */
export interface EncodedMutateRowRequest {
  readonly tableName: string;
  /** Written when given, the empty string included. */
  readonly appProfileId?: string | undefined;
  readonly rowFields: Uint8Array;
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
  const { rowFields } = request;
  return frameRequest(
    request.tableName,
    request.appProfileId,
    APP_PROFILE_FIELD,
    rowFields.length,
    (buffer, at) => {
      buffer.set(rowFields, at);
      return at + rowFields.length;
    },
  );
}
