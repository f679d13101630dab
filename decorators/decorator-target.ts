import { MetadataError } from '../src/errors/metadata-error.js';
import type { DeclarationRecord, DesignType } from '../src/metadata/declaration-records.js';

/**
 * Where a property decorator was applied, normalised for the metadata store.
 *
 * @example
 * ```ts
 * const { owner, property } = propertyTarget('Column', Video.prototype, 'title');
 * ```
 */
export interface PropertyTarget {
  /** The class the declaration belongs to. */
  readonly owner: object;
  readonly property: string;
  readonly designType: DesignType | undefined;
  /** Problems with the placement itself (static member, symbol key). */
  readonly problems: readonly string[];
}

function isStandardDecoratorContext(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'kind' in value && 'name' in value;
}

/**
 * Throws when the decorator runs under TC39 standard decorators: the SDK's decorators are legacy
 * (`experimentalDecorators: true`), and a silent no-op would lose the whole declaration.
 *
 * @example
 * ```ts
 * assertLegacyDecorator('Column', propertyKey);
 * ```
 */
export function assertLegacyDecorator(decorator: string, secondArgument: unknown): void {
  if (isStandardDecoratorContext(secondArgument)) {
    // A standard field decorator never sees its class, so only a class decorator can name the entity.
    const context = secondArgument as { readonly kind: unknown; readonly name: unknown };
    const isClass = context.kind === 'class' && typeof context.name === 'string';
    throw new MetadataError([
      {
        entity: isClass ? (context.name as string) : 'a class compiled with standard decorators',
        ...(isClass ? {} : { property: String(context.name) }),
        message: `@${decorator} is a legacy TypeScript decorator: set "experimentalDecorators": true in tsconfig.json, or declare the entity with defineEntity()`,
      },
    ]);
  }
}

function readDesignType(target: object, property: string | symbol): DesignType | undefined {
  const reflect = Reflect as unknown as {
    getMetadata?: (key: string, target: object, property: string | symbol) => unknown;
  };
  const type = reflect.getMetadata?.('design:type', target, property);
  return typeof type === 'function' ? (type as DesignType) : undefined;
}

/**
 * The class, property name and `design:type` (when the compiler emitted it) of a property decorator call.
 *
 * @example
 * ```ts
 * const { owner, property, designType, problems } = propertyTarget('Column', target, key);
 * ```
 */
export function propertyTarget(decorator: string, target: object, key: string | symbol): PropertyTarget {
  assertLegacyDecorator(decorator, key);
  const problems: string[] = [];
  const isStatic = typeof target === 'function';
  const owner = isStatic ? target : (target as { constructor: object }).constructor;
  if (isStatic) problems.push(`@${decorator} cannot be used on a static property`);
  if (typeof key === 'symbol') problems.push(`@${decorator} cannot be used on a symbol-keyed property`);
  const property = typeof key === 'symbol' ? String(key) : key;
  return { owner, property, designType: readDesignType(target, key), problems };
}

/**
 * `record` with the placement problems of its decorator call added in front, frozen like every record.
 *
 * @example
 * ```ts
 * addDeclaration(where.owner, withPlacementProblems(record, where.problems));
 * ```
 */
export function withPlacementProblems<R extends DeclarationRecord>(
  record: R,
  problems: readonly string[],
): R {
  if (problems.length === 0) return record;
  const merged: R = { ...record, problems: Object.freeze([...problems, ...record.problems]) };
  return Object.freeze(merged);
}
