import type { DeclarationRecord } from './declaration-records.js';

// A private WeakMap rather than reflect-metadata: defineEntity() users need no global polyfill, nothing outside
// this module can alter declarations, and classes stay collectable.
const store = new WeakMap<object, DeclarationRecord[]>();
let generation = 0;

/**
 * Appends one frozen declaration record to a class. Used by the decorators and by `defineEntity`.
 *
 * @example
 * ```ts
 * addDeclaration(Device, familyRecord('stats', { gc: Gc.maxVersions(1) }));
 * ```
 */
export function addDeclaration(target: object, record: DeclarationRecord): void {
  const records = store.get(target);
  if (records) records.push(record);
  else store.set(target, [record]);
  generation++;
}

/**
 * The records declared on `target` itself (not inherited), in declaration order.
 *
 * @example
 * ```ts
 * ownDeclarations(Device).filter((r) => r.kind === 'family');
 * ```
 */
export function ownDeclarations(target: object): readonly DeclarationRecord[] {
  return store.get(target) ?? [];
}

/**
 * A counter bumped by every declaration; caches of resolved metadata compare it to notice late declarations.
 *
 * @example
 * ```ts
 * const seen = declarationGeneration();
 * ```
 */
export function declarationGeneration(): number {
  return generation;
}
