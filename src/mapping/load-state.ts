/**
 * What a read left out of an entity it returned: the properties it did not load at all (a `select()`), and the
 * Map/Set properties it loaded only partly (an `entries()` window). A save must not erase what was never read.
 */
export interface PartialLoad {
  /** Properties that were not read (absent from the entity). */
  readonly unloaded: ReadonlySet<string>;
  /** Map/Set properties holding only some of the stored entries. */
  readonly windowed: ReadonlySet<string>;
}

// Keyed by the entity object itself, so the record lives exactly as long as the entity and never shows up as a
// property (JSON.stringify, spread and deep-equal see the entity as the user does).
const partialLoads = new WeakMap<object, PartialLoad>();

/**
 * Records that a read returned `entity` partially loaded.
 *
 * @example
 * ```ts
 * markPartialLoad(entity, { unloaded: new Set(['bio']), windowed: new Set() });
 * ```
 */
export function markPartialLoad(entity: object, load: PartialLoad): void {
  if (load.unloaded.size === 0 && load.windowed.size === 0) return;
  partialLoads.set(entity, load);
}

/**
 * How a read left `entity` partially loaded, or undefined when it was loaded whole (or built by the caller).
 *
 * @example
 * ```ts
 * if (partialLoadOf(entity)) console.log('saving writes only what was loaded');
 * ```
 */
export function partialLoadOf(entity: object): PartialLoad | undefined {
  return partialLoads.get(entity);
}
