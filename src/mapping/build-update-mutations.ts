import { ValueEncodingError } from '../errors/value-encoding-error.js';
import type { SaveMutations } from './save-mutations.js';
import { buildSaveMutations } from './build-save-mutations.js';
import { versionCellOf } from './version-cell.js';
import { checkWriteLimits } from './check-write-limits.js';
import { located } from './locate-error.js';
import type { Clock } from './save-timestamp.js';
import type {
  EntityMetadata,
  FieldMetadata,
  MapFieldMetadata,
  SetFieldMetadata,
} from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';

/** Entry-level change of a `Map` property: entries to put and keys to remove, in one atomic mutation. */
export interface MapChange<K, V> {
  readonly put?: ReadonlyMap<K, V> | (Iterable<readonly [K, V]> & object);
  readonly remove?: Iterable<K> & object;
}

/** Entry-level change of a `Set` property. */
export interface SetChange<K> {
  readonly put?: Iterable<K> & object;
  readonly remove?: Iterable<K> & object;
}

/**
 * The properties an `update` may change: a scalar column's new value (undefined or null deletes an optional one), a
 * whole new Map/Set (replaces the family), or a {@link MapChange}/{@link SetChange} of some entries.
 *
 * @example
 * ```ts
 * const changes: EntityChanges<Device> = { name: 'kitchen', tags: { put: ['new'], remove: ['old'] } };
 * ```
 */
export type EntityChanges<E> = {
  readonly [P in keyof E]?:
    | E[P]
    | null
    | (E[P] extends ReadonlyMap<infer K, infer V> | undefined
        ? MapChange<K, V>
        : E[P] extends ReadonlySet<infer K> | undefined
          ? SetChange<K>
          : never);
};

const EMPTY = new Uint8Array(0);

/**
 * Whether an update value is an entry-level `{ put, remove }` change of a Map/Set (not a whole new Map/Set).
 *
 * @example
 * ```ts
 * isEntryChange({ put: ['a'] }); // true
 * ```
 */
export function isEntryChange(value: unknown): value is MapChange<unknown, unknown> | SetChange<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Map) &&
    !(value instanceof Set) &&
    Object.keys(value).every((k) => k === 'put' || k === 'remove')
  );
}

/**
 * The mutations of entry-level changes of one Map/Set property: each removed key is a DeleteFromColumn, each put
 * a SetCell (a map value preceded by a DeleteFromColumn of its qualifier). Needs no read and no existing row.
 *
 * @example
 * ```ts
 * entryMutations(tagsField, { put: ['a'], remove: ['b'] }, 1_700_000_000_000_000n);
 * ```
 */
export function entryMutations(
  field: MapFieldMetadata | SetFieldMetadata,
  change: MapChange<unknown, unknown> | SetChange<unknown>,
  timestampMicros: bigint,
): Mutation[] {
  const out: Mutation[] = [];
  for (const key of change.remove ?? []) {
    out.push({ kind: 'deleteFromColumn', family: field.family, qualifier: field.keyCodec.encode(key) });
  }
  const puts: Iterable<unknown> = change.put ?? [];
  for (const entry of puts) {
    const [key, value] = field.kind === 'map' ? (entry as readonly [unknown, unknown]) : [entry, undefined];
    const qualifier = field.keyCodec.encode(key);
    // A map value is replaced like a column (delete, then set) so the last put to arrive wins whatever the
    // clocks; a set member carries no value, so any surviving cell means "present".
    if (field.kind === 'map') out.push({ kind: 'deleteFromColumn', family: field.family, qualifier });
    out.push({
      kind: 'setCell',
      family: field.family,
      qualifier,
      // A counter set at the epoch is older than every increment after it whatever the client's clock, so later
      // increments read it and count from it (the emulator writes an increment at the later of the server's time
      // and the latest cell's; at the epoch the set value does not depend on which rule production follows).
      timestampMicros: field.kind === 'map' && field.cells === 'counter' ? 0n : timestampMicros,
      value: field.kind === 'map' ? field.valueCodec.encode(value) : EMPTY,
    });
  }
  return out;
}

/**
 * The mutations of a partial update (pure). Whole-value changes reuse the save mapping restricted to the changed
 * properties, so an updated column or family is written exactly as a save would write it; entry changes delete
 * and set single qualifiers. Counters, aggregates and the version field cannot be updated this way; key parts
 * cannot change at all (a different key is a different row).
 *
 * @example
 * ```ts
 * const u = buildUpdateMutations(meta, { deviceId: 'x' }, { name: 'kitchen' }, { now: Date.now });
 * ```
 */
export function buildUpdateMutations<E extends object>(
  meta: EntityMetadata<E>,
  key: object,
  changes: EntityChanges<E>,
  options: {
    readonly now: Clock;
    readonly expectedVersion?: bigint | number;
    /** The exact version cell read (else the one recorded for `key`, if it is an entity the SDK returned). */
    readonly expectedVersionCell?: Uint8Array | undefined;
  },
): SaveMutations {
  const invalid = (property: string, value: unknown, limit: string): ValueEncodingError =>
    new ValueEncodingError({
      entity: meta.name,
      property,
      codec: 'update',
      direction: 'encode',
      value,
      limit,
    });
  const whole: FieldMetadata[] = [];
  const partial: Array<
    [MapFieldMetadata | SetFieldMetadata, MapChange<unknown, unknown> | SetChange<unknown>]
  > = [];
  const synthetic: Record<string, unknown> = { ...(key as Record<string, unknown>) };
  for (const [property, value] of Object.entries(changes as Record<string, unknown>)) {
    if (meta.key.parts.some((p) => p.property === property)) {
      throw invalid(property, value, 'no change to a key part (save the entity under its new key instead)');
    }
    const field = meta.fields.find((f) => f.property === property);
    if (!field) throw invalid(property, value, `a declared property of ${meta.name}`);
    if (field.kind === 'counter' || field.kind === 'aggregate' || field.kind === 'version') {
      throw invalid(
        property,
        value,
        `no ${field.kind} in update() (use increment/aggregate/expectedVersion)`,
      );
    }
    if (field.kind === 'map' && field.cells !== undefined) {
      throw invalid(
        property,
        value,
        `no ${field.cells} map in update() (use increment/aggregate, put to set counters, remove to delete keys)`,
      );
    }
    if ((field.kind === 'map' || field.kind === 'set') && isEntryChange(value)) {
      partial.push([field, value]);
    } else {
      whole.push(field);
      synthetic[property] = value === null ? undefined : value;
    }
  }
  if (options.expectedVersion !== undefined) {
    if (!meta.version)
      throw invalid('expectedVersion', options.expectedVersion, `a version field on ${meta.name}`);
    whole.push(meta.version);
    synthetic[meta.version.property] = options.expectedVersion;
  }
  // The schema-version token is the caller's (Repository.update writes it with its version condition).
  const only = { ...meta, fields: whole, evolution: undefined } as EntityMetadata<E>;
  const built = buildSaveMutations(only, synthetic as E, { now: options.now });
  const cell =
    built.version?.expected === undefined
      ? undefined
      : (options.expectedVersionCell ?? versionCellOf(key, options.expectedVersion));
  const save = cell === undefined ? built : { ...built, version: Object.freeze({ ...built.version!, cell }) };
  const mutations = [...save.mutations];
  const origins: Array<string | undefined> = save.mutations.map(() => undefined);
  for (const [field, change] of partial) {
    for (const m of located(meta.name, field.property, () =>
      entryMutations(field, change, save.timestampMicros),
    )) {
      mutations.push(m);
      origins.push(field.property);
    }
  }
  if (mutations.length === 0) throw invalid('changes', changes, 'at least one property to change');
  // The whole properties' cells were checked (and named) by the save; of the second check over every mutation keep
  // the entry changes' cells and the row total, so that no cell is reported twice.
  const all = checkWriteLimits(meta.name, save.key, mutations, origins);
  const hasRow = save.warnings.some((w) => w.code === 'LARGE_ROW');
  const warnings = [
    ...save.warnings,
    ...all.filter((w) => (w.code === 'LARGE_CELL' ? w.property !== undefined : !hasRow)),
  ];
  return { ...save, mutations, warnings };
}
