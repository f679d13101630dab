import { addDeclaration } from '../src/metadata/declaration-store.js';
import type { EntityClass } from '../src/metadata/entity-metadata.js';
import type { EvolutionOptions } from '../src/metadata/evolution-options.js';
import { evolutionRecord } from '../src/metadata/evolution-record.js';
import { assertClassDecorator } from './decorator-target.js';

/**
 * Declares the entity's schema version: every save stores `version` in one small cell (`family:qualifier`, default
 * qualifier `_v`), and rows stored at an older version are read through the upcast `steps` into the current shape.
 * A row at a version no step reads (or newer than `version`) fails with `SchemaVersionError`.
 *
 * @example
 * ```ts
 * interface UserV1 { userId: string; fullName?: string }
 * @Entity({ table: 'users' })
 * @Family('d')
 * @Evolve({
 *   version: 2,
 *   family: 'd',
 *   steps: [upcastStep<UserV1, User>({
 *     from: 1,
 *     shape: { fullName: { family: 'd', qualifier: 'name', codec: 'string' } },
 *     upcast: (v1) => ({ userId: v1.userId, displayName: v1.fullName ?? '' }),
 *   })],
 * })
 * class User { @KeyPart(0, 'string') userId!: string; @Column({ family: 'd', codec: 'string' }) displayName!: string; }
 * ```
 */
export function Evolve(options: EvolutionOptions) {
  return (target: EntityClass, context?: unknown): void => {
    assertClassDecorator('Evolve', target, context);
    addDeclaration(target, evolutionRecord(options));
  };
}
