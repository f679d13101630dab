import { compareBytes } from '../codecs/key/bytes.js';
import { ValueEncodingError } from '../errors/value-encoding-error.js';
import type {
  ColumnFieldMetadata,
  EntityMetadata,
  MapFieldMetadata,
  SetFieldMetadata,
  VersionFieldMetadata,
} from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { checkWriteLimits } from './check-write-limits.js';
import { encodeLocated, located } from './locate-error.js';
import { oldStorageDeletes } from './old-storage-deletes.js';
import { dateToMicros } from './save-timestamp.js';
import type { SaveMutations, VersionCheck } from './save-mutations.js';
import { SCHEMA_VERSION_PROPERTY } from './schema-version-token.js';
import { versionCellValue } from './version-cell.js';
import { isCountingField } from '../metadata/counting-field.js';

const EMPTY = new Uint8Array(0);

interface VersionedEntry {
  readonly timestamp: unknown;
  readonly value: unknown;
}

/**
 * The general path of `buildSaveMutations`, for every entity shape and every input, valid or not: it throws the
 * precise error (entity, property, value, limit) and returns the warnings. The compiled encoder
 * (`compileSaveEncoder`) handles the common case faster and hands anything unusual to this function; property
 * tests pin the two to each other, with this one as the reference.
 *
 * `key`, the timestamp and the schema-version token are computed by the caller, once, so that both paths write
 * the same save.
 *
 * @example
 * ```ts
 * const save = generalSaveMutations(meta, device, key, 1_700_000_000_000_000n, undefined);
 * ```
 */
export function generalSaveMutations<E extends object>(
  meta: EntityMetadata<E>,
  entity: E,
  key: Uint8Array,
  timestampMicros: bigint,
  schemaToken: Uint8Array | undefined,
  versionWriteId?: Uint8Array,
): SaveMutations {
  const mutations: Mutation[] = [];
  const origins: Array<string | undefined> = [];
  const push = (property: string, mutation: Mutation): void => {
    mutations.push(mutation);
    origins.push(property);
  };
  const values = entity as Record<string, unknown>;
  let version: VersionCheck | undefined;

  for (const field of meta.fields) {
    const value = values[field.property];
    switch (field.kind) {
      case 'column':
        if (field.versioned) writeVersioned(meta.name, field, value, push);
        else writeColumn(meta.name, field, value, timestampMicros, push);
        break;
      case 'map':
      case 'set':
        if (isCountingField(field)) break;
        writeFamily(meta.name, field, value, timestampMicros, push);
        break;
      case 'version':
        version = writeVersion(meta.name, field, value, timestampMicros, versionWriteId, push);
        break;
      case 'counter':
      case 'aggregate':
        break;
    }
  }
  const evolution = meta.evolution;
  if (evolution !== undefined && schemaToken !== undefined) {
    const { family, qualifier } = evolution;
    replaceColumn(SCHEMA_VERSION_PROPERTY, family, qualifier, timestampMicros, schemaToken, push);
    for (const mutation of oldStorageDeletes(meta)) push(SCHEMA_VERSION_PROPERTY, mutation);
  }
  const warnings = checkWriteLimits(meta.name, key, mutations, origins);
  return {
    key,
    mutations,
    timestampMicros,
    version,
    ...(schemaToken === undefined ? {} : { schemaToken }),
    warnings,
  };
}

type Push = (property: string, mutation: Mutation) => void;

function requiredValueError(entity: string, field: ColumnFieldMetadata, value: unknown): ValueEncodingError {
  return new ValueEncodingError({
    entity,
    property: field.property,
    codec: field.codec.name,
    direction: 'encode',
    value,
    limit: 'a value (the column is neither optional nor nullable)',
  });
}

function writeColumn(
  entity: string,
  field: ColumnFieldMetadata,
  value: unknown,
  ts: bigint,
  push: Push,
): void {
  if (value === undefined || value === null) {
    if (!field.optional && !field.nullable) throw requiredValueError(entity, field, value);
    push(field.property, { kind: 'deleteFromColumn', family: field.family, qualifier: field.qualifier });
    return;
  }
  const bytes = encodeLocated(entity, field.property, field.codec, value);
  replaceColumn(field.property, field.family, field.qualifier, ts, bytes, push);
}

/**
 * Replaces a column's cells with one new cell. Deleting first (in the same atomic mutation) makes the stored
 * value the last save to reach the server, whatever the writers' clocks: with a plain SetCell, a writer whose
 * clock runs behind would write a cell older than the one it replaces, and every read would keep showing the
 * older save.
 */
function replaceColumn(
  property: string,
  family: string,
  qualifier: Uint8Array,
  ts: bigint,
  value: Uint8Array,
  push: Push,
): void {
  push(property, { kind: 'deleteFromColumn', family, qualifier });
  push(property, { kind: 'setCell', family, qualifier, timestampMicros: ts, value });
}

function writeVersioned(entity: string, field: ColumnFieldMetadata, value: unknown, push: Push): void {
  const fail = (limit: string, bad: unknown): ValueEncodingError =>
    new ValueEncodingError({
      entity,
      property: field.property,
      codec: field.codec.name,
      direction: 'encode',
      value: bad,
      limit,
    });
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) throw fail('an array of { timestamp: Date, value } (a versioned column)', value);
  const seen = new Set<bigint>();
  for (const entry of value as unknown[]) {
    const { timestamp, value: item } = (entry ?? {}) as VersionedEntry;
    if (!(timestamp instanceof Date) || Number.isNaN(timestamp.getTime()) || timestamp.getTime() < 0)
      throw fail('each entry to have a valid timestamp Date at or after 1970', entry);
    const micros = dateToMicros(timestamp);
    if (seen.has(micros)) throw fail('distinct timestamps (one cell per timestamp)', timestamp);
    seen.add(micros);
    if (item === undefined || item === null) throw fail('each entry to have a value', entry);
    const bytes = located(entity, field.property, () => field.codec.encode(item));
    push(field.property, {
      kind: 'setCell',
      family: field.family,
      qualifier: field.qualifier,
      timestampMicros: micros,
      value: bytes,
    });
  }
}

function writeFamily(
  entity: string,
  field: MapFieldMetadata | SetFieldMetadata,
  value: unknown,
  ts: bigint,
  push: Push,
): void {
  const expected = field.kind === 'map' ? Map : Set;
  // A save rewrites the whole family, so an absent collection (undefined or null) would silently wipe the stored
  // members: it is refused like an absent required scalar. An empty Map/Set is how to clear the family on purpose.
  if (!(value instanceof expected))
    throw new ValueEncodingError({
      entity,
      property: field.property,
      codec: field.keyCodec.name,
      direction: 'encode',
      value,
      limit:
        value === undefined || value === null
          ? `a ${expected.name} (the property owns family ${field.family} and a save rewrites it whole; an empty ` +
            `${expected.name} clears it, add/put/remove change single members)`
          : `a ${expected.name} (the property owns family ${field.family})`,
    });
  const cells: Array<{ qualifier: Uint8Array; value: Uint8Array; key: unknown }> = [];
  if (value instanceof Map) {
    for (const [k, v] of value as Map<unknown, unknown>) {
      const qualifier = encodeLocated(entity, field.property, field.keyCodec, k);
      const bytes = field.kind === 'map' ? encodeLocated(entity, field.property, field.valueCodec, v) : EMPTY;
      cells.push({ qualifier, value: bytes, key: k });
    }
  } else {
    for (const k of value as Set<unknown>)
      cells.push({
        qualifier: encodeLocated(entity, field.property, field.keyCodec, k),
        value: EMPTY,
        key: k,
      });
  }
  cells.sort((a, b) => compareBytes(a.qualifier, b.qualifier));
  // Sorted, two keys that encode to the same qualifier are neighbours.
  for (let i = 1; i < cells.length; i++)
    if (compareBytes(cells[i - 1]!.qualifier, cells[i]!.qualifier) === 0)
      throw new ValueEncodingError({
        entity,
        property: field.property,
        codec: field.keyCodec.name,
        direction: 'encode',
        value: cells[i]!.key,
        limit: 'keys with distinct encodings (two keys encode to the same qualifier)',
      });
  push(field.property, { kind: 'deleteFromFamily', family: field.family });
  for (const cell of cells) {
    push(field.property, {
      kind: 'setCell',
      family: field.family,
      qualifier: cell.qualifier,
      timestampMicros: ts,
      value: cell.value,
    });
  }
}

function writeVersion(
  entity: string,
  field: VersionFieldMetadata,
  value: unknown,
  ts: bigint,
  writeId: Uint8Array | undefined,
  push: Push,
): VersionCheck {
  const isNew = value === undefined || value === null || value === 0 || value === 0n;
  // Encoding the current value first validates its type and range (bigint vs number) with a located error.
  const expected = isNew ? undefined : located(entity, field.property, () => field.codec.encode(value));
  const current = isNew ? 0n : BigInt(value as bigint | number);
  const next = field.codec.name === 'int64AsNumber' ? Number(current + 1n) : current + 1n;
  const written = versionCellValue(
    located(entity, field.property, () => field.codec.encode(next)),
    writeId,
  );
  // One cell, always replaced: the version check then compares against the last write that reached the server,
  // never against whichever writer had the fastest clock. The write id makes that cell this write's alone.
  replaceColumn(field.property, field.family, field.qualifier, ts, written, push);
  return Object.freeze({ family: field.family, qualifier: field.qualifier, expected, next, written });
}
