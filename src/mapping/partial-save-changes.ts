import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { PartialLoad } from './load-state.js';
import { isCountingField } from '../metadata/counting-field.js';

/**
 * What saving a partially loaded entity may write, as `update()` changes: every loaded property whole, a windowed
 * Map/Set only as puts of its loaded entries, never a counter, aggregate or the version (which the update checks
 * and advances). Also the version the row must still hold. Pure; refuses what would erase unloaded data.
 *
 * @example
 * ```ts
 * const { key, changes, expectedVersion } = partialSaveChanges(meta, entity, partialLoadOf(entity)!, false);
 * ```
 */
export function partialSaveChanges(
  meta: EntityMetadata,
  entity: object,
  load: PartialLoad,
  replaceRow: boolean,
): {
  readonly key: Record<string, unknown>;
  readonly changes: Record<string, unknown>;
  readonly expectedVersion: bigint | number | undefined;
} {
  const api = `Repository<${meta.name}>.save`;
  if (replaceRow) {
    throw new InvalidArgumentError({
      api,
      argument: 'replaceRow',
      value: true,
      expected: 'false for an entity a read returned partially (it would delete what was not loaded)',
    });
  }
  const values = entity as Record<string, unknown>;
  const version = meta.version;
  if (version && load.unloaded.has(version.property)) {
    throw new InvalidArgumentError({
      api,
      argument: `entity.${version.property}`,
      value: undefined,
      expected: `loaded: select the version field too, to save a partially loaded ${meta.name}`,
    });
  }
  const changes: Record<string, unknown> = {};
  for (const field of meta.fields) {
    if (load.unloaded.has(field.property)) continue;
    if (isCountingField(field) || field.kind === 'version') continue;
    const value = values[field.property];
    changes[field.property] =
      load.windowed.has(field.property) && (value instanceof Map || value instanceof Set)
        ? { put: value instanceof Map ? value.entries() : value.values() }
        : value;
  }
  const current = version ? values[version.property] : undefined;
  const isNew = current === undefined || current === null || current === 0 || current === 0n;
  return {
    key: Object.fromEntries(meta.key.parts.map((p) => [p.property, values[p.property]])),
    changes,
    expectedVersion: version && !isNew ? (current as bigint | number) : undefined,
  };
}
