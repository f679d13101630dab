import type { FamilyOptions } from '../src/metadata/declaration-args.js';
import { addDeclaration } from '../src/metadata/declaration-store.js';
import type { EntityClass } from '../src/metadata/entity-metadata.js';
import { familyRecord } from '../src/metadata/record-builders.js';
import { assertClassDecorator } from './decorator-target.js';

/**
 * Declares a column family: its GC rule, or its aggregate type (sum, min, max, hll) for aggregate families.
 * Every family a field uses must be declared.
 *
 * @example
 * ```ts
 * @Family('stats', { gc: Gc.maxVersions(1) })
 * @Family('views', { aggregate: 'sum' })
 * class Video { ... }
 * ```
 */
export function Family(name: string, options: FamilyOptions = {}) {
  return (target: EntityClass, context?: unknown): void => {
    assertClassDecorator('Family', target, context);
    addDeclaration(target, familyRecord(name, options));
  };
}
