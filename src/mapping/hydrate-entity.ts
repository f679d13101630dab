import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { RowData } from '../model/row-data.js';
import { compileHydrator, type Hydrator } from './compile-hydrator.js';
import { hydrateEntityGeneral } from './hydrate-entity-general.js';

export type { Versioned } from '../metadata/entity-metadata.js';

const hydrators = new WeakMap<EntityMetadata, Hydrator<object>>();
// Scans hydrate many rows of one entity in a row: the last entity's hydrator is kept at hand (a WeakMap lookup
// per row shows in profiles).
let lastMeta: EntityMetadata | undefined;
let lastHydrator: Hydrator<object> | undefined;

function hydratorOf<E extends object>(meta: EntityMetadata<E>): Hydrator<E> {
  if (meta === lastMeta) return lastHydrator as Hydrator<E>;
  let hydrator = hydrators.get(meta) as Hydrator<E> | undefined;
  if (hydrator === undefined) {
    hydrator = compileHydrator(meta) ?? ((row) => hydrateEntityGeneral(meta, row));
    hydrators.set(meta, hydrator);
  }
  lastMeta = meta;
  lastHydrator = hydrator;
  return hydrator;
}

/**
 * Builds an entity instance from one row (pure). The instance is created from the class prototype without
 * calling the constructor; key parts come from the row key; each column takes its newest cell (or, versioned,
 * every cell newest first as `{ timestamp, value }`); Map/Set properties take every qualifier of their family
 * (latest cell each); counters read 0 when missing, sum aggregates 0, min/max/hll undefined; an absent optional
 * column reads `undefined` and an absent nullable column `null`. Every mapped property is set as an own property.
 * Cells of undeclared families or qualifiers are ignored. A cell that cannot be decoded throws a
 * `ValueEncodingError` naming entity, property, row key and column (`family:qualifier`); a row key that does not
 * decode throws a `KeyEncodingError`. Each entity gets a hydrator compiled for it on first use.
 *
 * @example
 * ```ts
 * const device = hydrateEntity(getEntityMetadata(Device), row);
 * ```
 */
export function hydrateEntity<E extends object>(meta: EntityMetadata<E>, row: RowData): E {
  return hydratorOf(meta)(row);
}
