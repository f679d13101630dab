import { addDeclaration } from '../src/metadata/declaration-store.js';
import type { EntityClass } from '../src/metadata/entity-metadata.js';
import { keyLiteralRecord } from '../src/metadata/record-builders.js';
import { assertClassDecorator } from './decorator-target.js';

/**
 * A constant segment at `position` between key parts, e.g. `user#<id>#comment#<ts>` has literals `comment` at 1.
 *
 * @example
 * ```ts
 * @Entity({ table: 'media', prefix: 'user' })
 * @KeyLiteral(1, 'comment')
 * class Comment { @KeyPart(0, 'string') userId!: string; @KeyPart(2, 'reversedTimestamp') at!: Date; }
 * ```
 */
export function KeyLiteral(position: number, value: string | Uint8Array) {
  return (target: EntityClass, context?: unknown): void => {
    assertClassDecorator('KeyLiteral', target, context);
    addDeclaration(target, keyLiteralRecord(position, value));
  };
}
