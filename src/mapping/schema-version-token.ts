import { bytesEqual } from '../codecs/key/bytes.js';
import { ValueEncodingError } from '../errors/value-encoding-error.js';
import type { EntityMetadata, EvolutionMetadata } from '../metadata/entity-metadata.js';
import type { Cell, RowData } from '../model/row-data.js';

/** Bytes of a token the SDK writes: int64 big-endian version, then an 8-byte random write id. */
export const TOKEN_BYTES = 16;
const VERSION_BYTES = 8;

/**
 * What errors about the schema-version cell name as the property.
 *
 * @example
 * ```ts
 * new ValueEncodingError({ entity: 'User', property: SCHEMA_VERSION_PROPERTY, codec: 'schemaVersion', direction: 'decode', value: b, limit: '8 bytes' });
 * ```
 */
export const SCHEMA_VERSION_PROPERTY = '(schema version)';

/**
 * A fresh 8-byte write id from the platform's cryptographic random source: two saves never share a token, so a
 * conditional rewrite notices any save made after its read, even one at the same version in the same millisecond.
 *
 * @example
 * ```ts
 * const token = encodeToken(3, randomWriteId());
 * ```
 */
export function randomWriteId(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(VERSION_BYTES));
}

/**
 * The 16 token bytes of `version` with `writeId` (8 bytes).
 *
 * @example
 * ```ts
 * encodeToken(3, new Uint8Array(8)); // 00 00 00 00 00 00 00 03 00 … 00
 * ```
 */
export function encodeToken(version: number, writeId: Uint8Array): Uint8Array {
  const token = new Uint8Array(TOKEN_BYTES);
  new DataView(token.buffer).setBigUint64(0, BigInt(version));
  token.set(writeId.subarray(0, VERSION_BYTES), VERSION_BYTES);
  return token;
}

/**
 * The value range that holds every token of `version`, whatever its write id: from the plain 8-byte `v` (as other
 * tools may write it) to `v‖FF×8`, both closed.
 *
 * @example
 * ```ts
 * const { start, end } = versionTokenRange(3);
 * ```
 */
export function versionTokenRange(version: number): { readonly start: Uint8Array; readonly end: Uint8Array } {
  return {
    start: encodeToken(version, new Uint8Array(VERSION_BYTES)).subarray(0, VERSION_BYTES),
    end: encodeToken(version, new Uint8Array(VERSION_BYTES).fill(0xff)),
  };
}

function tokenCell(evolution: EvolutionMetadata, row: RowData): Cell | undefined {
  let newest: Cell | undefined;
  for (const cell of row.cells) {
    if (cell.family !== evolution.family || !bytesEqual(cell.qualifier, evolution.qualifier)) continue;
    if (newest === undefined || cell.timestampMicros > newest.timestampMicros) newest = cell;
  }
  return newest;
}

/**
 * The exact bytes of the row's schema-version cell (its newest cell), or undefined when the row has none or the
 * entity does not evolve.
 *
 * @example
 * ```ts
 * const token = tokenOf(meta, row); // what a conditional rewrite compares against
 * ```
 */
export function tokenOf(meta: EntityMetadata, row: RowData): Uint8Array | undefined {
  return meta.evolution === undefined ? undefined : tokenCell(meta.evolution, row)?.value;
}

/**
 * The schema version a token holds: its first 8 bytes, int64 big-endian. Any value of 8 bytes or more is accepted
 * (tools may store a plain 8-byte version); a shorter one, or a version that is negative or above 2^53 − 1, is a
 * `ValueEncodingError` naming the row and the cell.
 *
 * @example
 * ```ts
 * tokenVersion(meta, row.key, token); // 3
 * ```
 */
export function tokenVersion(meta: EntityMetadata, key: Uint8Array, token: Uint8Array): number {
  const evolution = meta.evolution!;
  const fail = (limit: string): ValueEncodingError =>
    new ValueEncodingError({
      entity: meta.name,
      property: SCHEMA_VERSION_PROPERTY,
      codec: 'schemaVersion',
      direction: 'decode',
      value: token,
      limit,
      cell: { key, family: evolution.family, qualifier: evolution.qualifier },
    });
  if (token.length < VERSION_BYTES)
    throw fail('at least 8 bytes (int64 big-endian version, then a write id)');
  const version = new DataView(token.buffer, token.byteOffset, VERSION_BYTES).getBigInt64(0);
  if (version < 0n || version > BigInt(Number.MAX_SAFE_INTEGER))
    throw fail('a version between 0 and 2^53 - 1');
  return Number(version);
}

/**
 * The schema version a row is stored at: 0 when it has no version cell (written before the entity was versioned,
 * or by other tools) or the entity does not evolve. A malformed cell is a `ValueEncodingError` (see
 * {@link tokenVersion}).
 *
 * @example
 * ```ts
 * if (rowSchemaVersion(meta, row) < meta.evolution!.version) console.log('old row');
 * ```
 */
export function rowSchemaVersion(meta: EntityMetadata, row: RowData): number {
  const token = tokenOf(meta, row);
  return token === undefined ? 0 : tokenVersion(meta, row.key, token);
}
