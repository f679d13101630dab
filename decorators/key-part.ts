import type { KeyPartOptions, KeyPartType } from '../src/metadata/declaration-args.js';
import { addDeclaration } from '../src/metadata/declaration-store.js';
import { keyPartRecord } from '../src/metadata/record-builders.js';
import { propertyTarget, withPlacementProblems } from './decorator-target.js';
import type { FieldDecoratorKey } from './decorator-target.js';

/**
 * Makes the property a named segment of the row key at `position` (0, 1, 2, … among key parts and key literals;
 * the entity prefix and salt come first). The type decides the byte format: `string`, `bytes`, `int64`,
 * `timestamp`, `reversedTimestamp`, `reversedInt64`, `reversedDomain`, with options such as `width` or `as`.
 *
 * @example
 * ```ts
 * @KeyPart(0, 'string') deviceId!: string;
 * @KeyPart(1, { type: 'reversedTimestamp', unit: 'millis' }) at!: Date;
 * ```
 */
export function KeyPart(position: number, type: KeyPartType | KeyPartOptions = 'string') {
  return (target: object | undefined, key: FieldDecoratorKey): void => {
    const where = propertyTarget('KeyPart', target, key);
    const record = keyPartRecord(where.property, position, type, where.designType);
    addDeclaration(where.owner, withPlacementProblems(record, where.problems));
  };
}
