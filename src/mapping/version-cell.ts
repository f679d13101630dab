import { bytesEqual, concatBytes } from '../codecs/key/bytes.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { RowData } from '../model/row-data.js';

/**
 * The bytes of the version cell a write stores: the encoded version (int64 big-endian) followed by the write's
 * random id, so that no two writes ever store the same cell, even at the same version (a row deleted and re-created
 * starts again at version 1). Without a write id (callers building mutations by hand): the plain 8-byte version.
 *
 * @example
 * ```ts
 * versionCellValue(int64Codec.encode(2n), randomWriteId()); // 16 bytes
 * ```
 */
export function versionCellValue(encodedVersion: Uint8Array, writeId: Uint8Array | undefined): Uint8Array {
  return writeId === undefined ? encodedVersion : concatBytes([encodedVersion, writeId]);
}

interface KnownCell {
  readonly version: bigint;
  readonly cell: Uint8Array;
}

// Keyed by the object a read returned (or a write advanced), like the partial-load marks: invisible to the user
// (JSON, spread and deep-equal see only the numeric version), and gone with the object.
const knownCells = new WeakMap<object, KnownCell>();

function asBigInt(version: unknown): bigint | undefined {
  if (typeof version === 'bigint') return version;
  if (typeof version === 'number' && Number.isSafeInteger(version)) return BigInt(version);
  return undefined;
}

/**
 * Records the exact version cell `holder` was read with (or that a write of it stored), for `version`.
 *
 * @example
 * ```ts
 * rememberVersionCell(entity, 3n, cellBytes);
 * ```
 */
export function rememberVersionCell(holder: object, version: unknown, cell: Uint8Array): void {
  const value = asBigInt(version);
  if (value !== undefined) knownCells.set(holder, { version: value, cell });
}

/**
 * The exact version cell recorded for `holder`, if it was recorded for `version` (a version property changed by
 * hand, or an object the SDK never returned, has none: its writes are checked by version number only).
 *
 * @example
 * ```ts
 * const cell = versionCellOf(entity, entity.version); // what the write's condition compares, byte for byte
 * ```
 */
export function versionCellOf(holder: unknown, version: unknown): Uint8Array | undefined {
  if (typeof holder !== 'object' || holder === null) return undefined;
  const known = knownCells.get(holder);
  return known !== undefined && known.version === asBigInt(version) ? known.cell : undefined;
}

/**
 * The newest cell of the entity's version column in `row` (the one a read decodes), or undefined.
 *
 * @example
 * ```ts
 * const cell = versionCellIn(meta, row);
 * ```
 */
export function versionCellIn(meta: EntityMetadata, row: RowData): Uint8Array | undefined {
  const version = meta.version;
  if (version === undefined) return undefined;
  let newest: RowData['cells'][number] | undefined;
  for (const cell of row.cells) {
    if (cell.family !== version.family || !bytesEqual(cell.qualifier, version.qualifier)) continue;
    if (newest === undefined || cell.timestampMicros > newest.timestampMicros) newest = cell;
  }
  return newest?.value;
}
