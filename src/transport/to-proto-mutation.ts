import type { Mutation } from '../model/mutation.js';

/** Plain object in the shape of `google.bigtable.v2.Mutation` (int64 fields as decimal strings, exact for any value). */
export type ProtoMutation = Record<string, Record<string, unknown>>;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;
let lastValue = 0n;
let lastField: number | string = 0;

/**
 * An int64 field's value for protobufjs: a number when it is exact as one (every timestamp until the year 2255),
 * else decimal text. protobufjs turns a number into its Long with arithmetic, text by parsing it digit by digit,
 * and a save sends one timestamp per cell.
 */
function int64Field(value: bigint): number | string {
  // The cells of a save share one timestamp: converting it once saves a heap number per cell.
  if (value === lastValue) return lastField;
  lastValue = value;
  return (lastField = value <= MAX_SAFE && value >= MIN_SAFE ? Number(value) : value.toString());
}

/**
 * Proto forms of the mutations that saves share (frozen DeleteFromColumn / DeleteFromFamily objects, one per
 * column of an entity type): converted once, not once per saved row. The SDK's mutation model is immutable, so a
 * frozen mutation always converts to the same message.
 */
const sharedProto = new WeakMap<Mutation, ProtoMutation>();

/**
 * Converts one SDK mutation into the v2 proto shape. Note the trap this avoids: AddToCell and MergeToCell take
 * their qualifier and timestamp as `Value` messages (`{rawValue}`, `{rawTimestampMicros}`), not raw fields; raw
 * bytes there are silently dropped by the serializer and the cell lands under an empty qualifier.
 *
 * @example
 * ```ts
 * toProtoMutation({ kind: 'deleteFromFamily', family: 'tags' }); // { deleteFromFamily: { familyName: 'tags' } }
 * ```
 */
export function toProtoMutation(mutation: Mutation): ProtoMutation {
  if (mutation.kind === 'setCell' || !Object.isFrozen(mutation)) return convert(mutation);
  let proto = sharedProto.get(mutation);
  if (proto === undefined) {
    proto = convert(mutation);
    for (const inner of Object.values(proto)) Object.freeze(inner);
    sharedProto.set(mutation, Object.freeze(proto));
  }
  return proto;
}

function convert(mutation: Mutation): ProtoMutation {
  switch (mutation.kind) {
    case 'setCell':
      return {
        setCell: {
          familyName: mutation.family,
          columnQualifier: mutation.qualifier,
          timestampMicros: int64Field(mutation.timestampMicros),
          value: mutation.value,
        },
      };
    case 'deleteFromColumn': {
      if (mutation.startMicros === undefined && mutation.endMicros === undefined)
        return { deleteFromColumn: { familyName: mutation.family, columnQualifier: mutation.qualifier } };
      const timeRange: Record<string, string> = {};
      if (mutation.startMicros !== undefined)
        timeRange.startTimestampMicros = mutation.startMicros.toString();
      if (mutation.endMicros !== undefined) timeRange.endTimestampMicros = mutation.endMicros.toString();
      return {
        deleteFromColumn: { familyName: mutation.family, columnQualifier: mutation.qualifier, timeRange },
      };
    }
    case 'deleteFromFamily':
      return { deleteFromFamily: { familyName: mutation.family } };
    case 'deleteFromRow':
      return { deleteFromRow: {} };
    case 'addToCell':
      return {
        addToCell: {
          familyName: mutation.family,
          columnQualifier: { rawValue: mutation.qualifier },
          timestamp: { rawTimestampMicros: mutation.timestampMicros.toString() },
          input: { intValue: mutation.input.toString() },
        },
      };
    case 'mergeToCell':
      return {
        mergeToCell: {
          familyName: mutation.family,
          columnQualifier: { rawValue: mutation.qualifier },
          timestamp: { rawTimestampMicros: mutation.timestampMicros.toString() },
          input: { rawValue: mutation.state },
        },
      };
  }
}
