import type { ProtobufField, ProtobufMessageType } from './protobuf-message-type.js';
import { isProtobufEnum, isProtobufMessageType } from './protobuf-message-type.js';

const INT32: readonly [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
const UINT32: readonly [bigint, bigint] = [0n, 2n ** 32n - 1n];
const INT64: readonly [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];
const UINT64: readonly [bigint, bigint] = [0n, 2n ** 64n - 1n];
const INTEGER_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int32: INT32,
  sint32: INT32,
  sfixed32: INT32,
  uint32: UINT32,
  fixed32: UINT32,
  int64: INT64,
  sint64: INT64,
  sfixed64: INT64,
  uint64: UINT64,
  fixed64: UINT64,
};

/**
 * Thrown inside the check with the path of the offending field; the codec turns it into a ValueEncodingError.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof ProtobufValueProblem) console.log(e.message); } // '$.calibrated: bool expected, got string'
 * ```
 */
export class ProtobufValueProblem extends Error {}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isLongLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'low' in value && 'high' in value;
}

function checkInteger(value: unknown, type: string, range: readonly [bigint, bigint], path: string): unknown {
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) n = BigInt(value);
  else if (isLongLike(value) && range === INT64) return value;
  else if (isLongLike(value) && range === UINT64) return value;
  else
    throw new ProtobufValueProblem(`${path}: ${type} expects an integer (number, decimal string or bigint)`);
  if (n < range[0] || n > range[1])
    throw new ProtobufValueProblem(`${path}: ${n} is out of the ${type} range`);
  // protobufjs parses 64-bit decimal strings exactly but silently turns a bigint into 0.
  return range === INT64 || range === UINT64 ? n.toString() : Number(n);
}

function checkScalar(field: ProtobufField, value: unknown, path: string): unknown {
  const resolved = field.resolvedType;
  // By members, not instanceof: the type may come from the application's own copy of protobufjs.
  if (isProtobufMessageType(resolved)) return checkMessage(resolved, value, path);
  if (isProtobufEnum(resolved)) {
    if (typeof value === 'string' && Object.prototype.hasOwnProperty.call(resolved.values, value))
      return value;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    throw new ProtobufValueProblem(`${path}: expects a value of enum ${resolved.name}`);
  }
  const range = INTEGER_RANGES[field.type];
  if (range) return checkInteger(value, field.type, range, path);
  switch (field.type) {
    case 'double':
    case 'float':
      if (typeof value === 'number') return value;
      break;
    case 'bool':
      if (typeof value === 'boolean') return value;
      break;
    case 'string':
      if (typeof value === 'string') return value;
      break;
    case 'bytes':
      if (value instanceof Uint8Array || typeof value === 'string') return value;
      break;
    default:
      throw new ProtobufValueProblem(`${path}: unresolved field type ${field.type}`);
  }
  throw new ProtobufValueProblem(`${path}: ${field.type} expected, got ${typeof value}`);
}

/**
 * Validates a plain object against a message type strictly and returns a copy ready for `Type.fromObject`.
 * protobufjs' own `fromObject` coerces silently (`'false'` → true, unknown fields dropped, a bigint int64 → 0);
 * this check refuses all of that so a message either encodes as written or fails with the field path.
 *
 * @example
 * ```ts
 * const ready = checkProtobufObject(ReadingType, { id: 5n, name: 'x' }); // { id: '5', name: 'x' }
 * ```
 */
export function checkProtobufObject(
  type: ProtobufMessageType,
  value: unknown,
  path = '$',
): Record<string, unknown> {
  return checkMessage(type, value, path) as Record<string, unknown>;
}

function checkMessage(type: ProtobufMessageType, value: unknown, path: string): unknown {
  if (value instanceof type.ctor) {
    const problem = type.verify(value as object);
    if (problem) throw new ProtobufValueProblem(`${path}: ${problem}`);
    return value;
  }
  if (!isPlainObject(value))
    throw new ProtobufValueProblem(`${path}: a plain object of message ${type.name} expected`);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = type.fields[key];
    if (!field) {
      if (type.oneofs && Object.prototype.hasOwnProperty.call(type.oneofs, key)) continue; // virtual oneof name
      throw new ProtobufValueProblem(`${path}.${key}: no such field in message ${type.name}`);
    }
    if (item === undefined || item === null) continue;
    const at = `${path}.${key}`;
    if (field.map) {
      if (!isPlainObject(item)) throw new ProtobufValueProblem(`${at}: a plain object (map) expected`);
      const entries: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(item))
        entries[k] = checkScalar(field, v, `${at}[${JSON.stringify(k)}]`);
      out[key] = entries;
    } else if (field.repeated) {
      if (!Array.isArray(item)) throw new ProtobufValueProblem(`${at}: an array expected`);
      out[key] = item.map((v: unknown, i) => checkScalar(field, v, `${at}[${i}]`));
    } else {
      out[key] = checkScalar(field, item, at);
    }
  }
  return out;
}
