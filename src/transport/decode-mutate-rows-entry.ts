import { InternalError } from '../errors/internal-error.js';
import type { Mutation } from '../model/mutation.js';
import { MUTATION_FIELDS as F } from './encode-mutate-rows-entry.js';
import type { ProtobufField } from './protobuf-fields.js';
import { ProtobufFields } from './protobuf-fields.js';

function malformed(what: string): InternalError {
  return new InternalError(
    'decodeMutateRowsEntry',
    `an encoded MutateRows entry does not read back: ${what}`,
  );
}

/** A message's fields by number (each written once by the encoder). */
function fieldsOf(bytes: Uint8Array): Map<number, ProtobufField> {
  const fields = new Map<number, ProtobufField>();
  for (const f = new ProtobufFields(bytes, () => malformed('truncated bytes')); !f.done;) {
    const field = f.next();
    fields.set(field.field, field);
  }
  return fields;
}

/** The length-delimited field `number`, as a plain copy: the mutation outlives the request's buffer. */
function bytesOf(fields: Map<number, ProtobufField>, number: number): Uint8Array {
  const bytes = fields.get(number)?.bytes;
  if (bytes === undefined) throw malformed(`no bytes field ${number}`);
  return new Uint8Array(bytes);
}

function int64Of(fields: Map<number, ProtobufField>, number: number): bigint {
  const varint = fields.get(number)?.varint;
  if (varint === undefined) throw malformed(`no varint field ${number}`);
  return BigInt.asIntN(64, varint);
}

function textOf(fields: Map<number, ProtobufField>, number: number): string {
  return Buffer.from(bytesOf(fields, number)).toString('utf8');
}

/** The fields of the `Value` message in field `number`. */
function valueOf(fields: Map<number, ProtobufField>, number: number): Map<number, ProtobufField> {
  return fieldsOf(bytesOf(fields, number));
}

function readMutation(bytes: Uint8Array): Mutation {
  const [oneof] = fieldsOf(bytes).values();
  if (oneof?.bytes === undefined) throw malformed('an empty mutation');
  const m = fieldsOf(oneof.bytes);
  switch (oneof.field) {
    case F.SET_CELL:
      return {
        kind: 'setCell',
        family: textOf(m, F.FAMILY),
        qualifier: bytesOf(m, F.QUALIFIER),
        timestampMicros: int64Of(m, F.TIMESTAMP_MICROS),
        value: bytesOf(m, F.CELL_VALUE),
      };
    case F.DELETE_FROM_COLUMN: {
      const range = m.has(F.TIME_RANGE) ? fieldsOf(bytesOf(m, F.TIME_RANGE)) : undefined;
      return {
        kind: 'deleteFromColumn',
        family: textOf(m, F.FAMILY),
        qualifier: bytesOf(m, F.QUALIFIER),
        ...(range?.has(F.RANGE_START) ? { startMicros: int64Of(range, F.RANGE_START) } : {}),
        ...(range?.has(F.RANGE_END) ? { endMicros: int64Of(range, F.RANGE_END) } : {}),
      };
    }
    case F.DELETE_FROM_FAMILY:
      return { kind: 'deleteFromFamily', family: textOf(m, F.FAMILY) };
    case F.DELETE_FROM_ROW:
      return { kind: 'deleteFromRow' };
    case F.ADD_TO_CELL:
    case F.MERGE_TO_CELL: {
      const family = textOf(m, F.FAMILY);
      const qualifier = bytesOf(valueOf(m, F.QUALIFIER), F.VALUE_RAW);
      const timestampMicros = int64Of(valueOf(m, F.AGGREGATE_TIMESTAMP), F.VALUE_RAW_TIMESTAMP);
      const input = valueOf(m, F.AGGREGATE_INPUT);
      return oneof.field === F.ADD_TO_CELL
        ? { kind: 'addToCell', family, qualifier, timestampMicros, input: int64Of(input, F.VALUE_INT) }
        : { kind: 'mergeToCell', family, qualifier, timestampMicros, state: bytesOf(input, F.VALUE_RAW) };
    }
    default:
      throw malformed(`mutation field ${oneof.field}`);
  }
}

/**
 * The row key and mutations an entry encoded by `encodeMutateRowsEntry` holds: its exact inverse. A batch keeps only
 * the encoded entries of its rows; the few rows whose outcome is unknown get their mutations back this way, to be
 * compared with the row read back.
 *
 * @example
 * ```ts
 * const { mutations } = decodeMutateRowsEntry(encodeMutateRowsEntry(key, [{ kind: 'deleteFromRow' }]));
 * ```
 */
export function decodeMutateRowsEntry(encoded: Uint8Array): { rowKey: Uint8Array; mutations: Mutation[] } {
  let rowKey: Uint8Array | undefined;
  const mutations: Mutation[] = [];
  // The entry's mutations are one repeated field: read in order, not by number.
  for (const f = new ProtobufFields(encoded, () => malformed('truncated bytes')); !f.done;) {
    const { field, bytes } = f.next();
    if (bytes === undefined) throw malformed(`entry field ${field} is no bytes`);
    if (field === F.ENTRY_ROW_KEY) rowKey = new Uint8Array(bytes);
    else if (field === F.ENTRY_MUTATION) mutations.push(readMutation(bytes));
    else throw malformed(`entry field ${field}`);
  }
  if (rowKey === undefined) throw malformed('no row key');
  return { rowKey, mutations };
}
