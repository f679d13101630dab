import { InternalError } from '../errors/internal-error.js';
import type { Mutation } from '../model/mutation.js';
import type { ProtoMutation } from './to-proto-mutation.js';

/** An int64 field as `toProtoMutation` writes it (a number when exact, else decimal text). */
function int64(value: unknown): bigint {
  return BigInt(value as number | string);
}

/**
 * The SDK mutation a proto mutation made by `toProtoMutation` came from: its exact inverse. A batch keeps only the
 * proto forms of its rows (see `PreparedMutateRowsEntry`); the few rows whose outcome is unknown get their SDK
 * mutations back this way, to be compared with the row read back.
 *
 * @example
 * ```ts
 * fromProtoMutation({ deleteFromFamily: { familyName: 'tags' } }); // { kind: 'deleteFromFamily', family: 'tags' }
 * ```
 */
export function fromProtoMutation(proto: ProtoMutation): Mutation {
  const setCell = proto.setCell;
  if (setCell !== undefined)
    return {
      kind: 'setCell',
      family: setCell.familyName as string,
      qualifier: setCell.columnQualifier as Uint8Array,
      timestampMicros: int64(setCell.timestampMicros),
      value: setCell.value as Uint8Array,
    };
  const deleteFromColumn = proto.deleteFromColumn;
  if (deleteFromColumn !== undefined) {
    const range = deleteFromColumn.timeRange as Record<string, string> | undefined;
    return {
      kind: 'deleteFromColumn',
      family: deleteFromColumn.familyName as string,
      qualifier: deleteFromColumn.columnQualifier as Uint8Array,
      ...(range?.startTimestampMicros === undefined
        ? {}
        : { startMicros: int64(range.startTimestampMicros) }),
      ...(range?.endTimestampMicros === undefined ? {} : { endMicros: int64(range.endTimestampMicros) }),
    };
  }
  if (proto.deleteFromFamily !== undefined)
    return { kind: 'deleteFromFamily', family: proto.deleteFromFamily.familyName as string };
  if (proto.deleteFromRow !== undefined) return { kind: 'deleteFromRow' };
  const cell = proto.addToCell ?? proto.mergeToCell;
  if (cell !== undefined) {
    const family = cell.familyName as string;
    const qualifier = (cell.columnQualifier as { rawValue: Uint8Array }).rawValue;
    const timestampMicros = int64((cell.timestamp as { rawTimestampMicros: string }).rawTimestampMicros);
    const input = cell.input as { intValue?: string; rawValue?: Uint8Array };
    return proto.addToCell !== undefined
      ? { kind: 'addToCell', family, qualifier, timestampMicros, input: int64(input.intValue) }
      : { kind: 'mergeToCell', family, qualifier, timestampMicros, state: input.rawValue! };
  }
  throw new InternalError('fromProtoMutation', `not a mutation toProtoMutation makes: ${Object.keys(proto)}`);
}
