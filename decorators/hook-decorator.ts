import { MetadataError } from '../src/errors/metadata-error.js';
import type { EntityHookEvent } from '../src/metadata/declaration-records.js';
import { addDeclaration } from '../src/metadata/declaration-store.js';
import { hookRecord } from '../src/metadata/hook-record.js';
import { legacyOwner } from './decorator-target.js';

/**
 * The second argument of a method decorator: the method's key under legacy decorators
 * (`experimentalDecorators: true`), the decorator context under TC39 standard decorators.
 *
 * @example
 * ```ts
 * const decorate = (target: object, key: MethodDecoratorKey): void => {};
 * ```
 */
export type MethodDecoratorKey = string | symbol | ClassMethodDecoratorContext;

/**
 * A lifecycle hook decorator, as a legacy method decorator or a TC39 standard method decorator.
 *
 * @example
 * ```ts
 * const decorate: HookDecorator = BeforeSave();
 * ```
 */
export type HookDecorator = (
  target: object,
  key: MethodDecoratorKey,
  descriptor?: PropertyDescriptor,
) => void;

interface StandardMethodContext {
  readonly kind: unknown;
  readonly name: unknown;
  readonly static?: unknown;
  readonly private?: unknown;
  readonly metadata?: unknown;
}

function placementProblems(
  decorator: string,
  isStatic: boolean,
  name: unknown,
  isPrivate: boolean,
): string[] {
  const problems: string[] = [];
  if (isStatic) problems.push(`@${decorator} cannot be used on a static method: hooks run on the entity`);
  if (typeof name === 'symbol') problems.push(`@${decorator} cannot be used on a symbol-keyed method`);
  if (isPrivate)
    problems.push(`@${decorator} cannot be used on a private (#) method: the mapper could not call it`);
  return problems;
}

/**
 * Shared body of `@BeforeSave` and `@AfterLoad`: records the decorated method as a hook of the class (with
 * placement problems, reported when the entity resolves). Under standard decorators the record goes to the class's
 * decorator metadata object, as the field decorators' do; a standard decorator put on anything but a method is a
 * MetadataError at once.
 *
 * @example
 * ```ts
 * export const AfterLoad = (): HookDecorator => hookDecorator('AfterLoad', 'afterLoad');
 * ```
 */
export function hookDecorator(decorator: string, event: EntityHookEvent): HookDecorator {
  return (target, key) => {
    if (typeof key === 'object' && key !== null && 'kind' in key) {
      const context = key as StandardMethodContext;
      const name = String(context.name);
      if (context.kind !== 'method' || typeof context.metadata !== 'object' || context.metadata === null)
        throw new MetadataError([
          {
            entity: 'a class compiled with standard decorators',
            property: name,
            message:
              context.kind !== 'method'
                ? `@${decorator} decorates a method, not a ${String(context.kind)}`
                : `@${decorator} got no context.metadata: compile with TypeScript ≥ 5.2 (or esbuild ≥ 0.21), and import bigtable-mapper/decorators before defining the class`,
          },
        ]);
      const problems = placementProblems(
        decorator,
        context.static === true,
        context.name,
        context.private === true,
      );
      addDeclaration(context.metadata, hookRecord(event, name, problems));
      return;
    }
    const owner = legacyOwner(decorator, target, key, 'method');
    const isStatic = typeof target === 'function';
    const problems = placementProblems(decorator, isStatic, key, false);
    addDeclaration(owner, hookRecord(event, String(key), problems));
  };
}
