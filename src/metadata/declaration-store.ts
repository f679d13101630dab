import type { DeclarationRecord } from './declaration-records.js';

// A private WeakMap rather than reflect-metadata: defineEntity() users need no global polyfill, nothing outside
// this module can alter declarations, and classes stay collectable.
const store = new WeakMap<object, DeclarationRecord[]>();
let generation = 0;

/**
 * Appends one frozen declaration record to a class, or to a class's decorator metadata object (TC39 standard field
 * decorators never see their class; see `ownDeclarations`). Used by the decorators and by `defineEntity`.
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
 * The class's own decorator metadata object (`context.metadata` of its standard decorators), if it has one. Own
 * only: a subclass without decorators inherits its base's `Symbol.metadata`, whose records are the base's.
 */
function ownDecoratorMetadata(target: object): object | undefined {
  const key = (Symbol as unknown as { metadata?: symbol }).metadata;
  if (key === undefined || !Object.hasOwn(target, key)) return undefined;
  const metadata: unknown = (target as Record<symbol, unknown>)[key];
  return typeof metadata === 'object' && metadata !== null ? metadata : undefined;
}

/**
 * The records declared on `target` itself (not inherited), in declaration order: under standard decorators the
 * field records kept in its decorator metadata object, then the class decorators' records (the order in which
 * legacy decorators run too).
 *
 * @example
 * ```ts
 * ownDeclarations(Device).filter((r) => r.kind === 'family');
 * ```
 */
export function ownDeclarations(target: object): readonly DeclarationRecord[] {
  const own = store.get(target) ?? [];
  const metadata = ownDecoratorMetadata(target);
  const fields = metadata === undefined ? undefined : store.get(metadata);
  return fields === undefined ? own : [...fields, ...own];
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
