import type { FieldKind, FieldOptions } from '../src/metadata/declaration-records.js';
import { addDeclaration } from '../src/metadata/declaration-store.js';
import { fieldRecord } from '../src/metadata/record-builders.js';
import { propertyTarget, withPlacementProblems } from './decorator-target.js';
import type { FieldDecoratorKey } from './decorator-target.js';

/**
 * Shared body of the field decorators: records `options` for the decorated property (with placement problems),
 * as a legacy property decorator or a TC39 standard field decorator.
 *
 * @example
 * ```ts
 * export const Counter = (options: CounterOptions) => fieldDecorator('Counter', 'counter', options);
 * ```
 */
export function fieldDecorator<K extends FieldKind>(
  decorator: string,
  kind: K,
  options: FieldOptions<K>,
): (target: object | undefined, key: FieldDecoratorKey) => void {
  return (target, key) => {
    const where = propertyTarget(decorator, target, key);
    const record = fieldRecord(kind, where.property, options, where.designType);
    addDeclaration(where.owner, withPlacementProblems(record, where.problems));
  };
}
