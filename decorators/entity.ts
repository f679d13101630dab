import type { EntityOptions } from '../src/metadata/declaration-args.js';
import { addDeclaration } from '../src/metadata/declaration-store.js';
import type { EntityClass } from '../src/metadata/entity-metadata.js';
import { defaultRegistry } from '../src/metadata/entity-registry.js';
import { entityRecord } from '../src/metadata/record-builders.js';
import { assertClassDecorator } from './decorator-target.js';

/**
 * Marks a class as an entity stored in `table`: one entity = one row. `prefix` is the literal first key segment
 * telling this entity's rows apart in a shared table; `encoding`/`delimiter` choose the row-key format.
 *
 * @example
 * ```ts
 * @Entity({ table: 'media', prefix: 'video' })
 * @Family('d', { gc: Gc.maxVersions(1) })
 * class Video { @KeyPart(0, 'string') id!: string; @Column({ family: 'd', codec: 'string' }) title!: string; }
 * ```
 */
export function Entity(options: EntityOptions) {
  return (target: EntityClass, context?: unknown): void => {
    assertClassDecorator('Entity', target, context);
    addDeclaration(target, entityRecord(options));
    defaultRegistry.register(target);
  };
}
