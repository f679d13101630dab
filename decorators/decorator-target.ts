import './symbol-metadata.js';
import { classOfTarget } from '../src/errors/check-argument.js';
import { InvalidArgumentError } from '../src/errors/invalid-argument-error.js';
import { MetadataError } from '../src/errors/metadata-error.js';
import type { DeclarationRecord, DesignType } from '../src/metadata/declaration-records.js';

/**
 * The second argument of a field decorator: the property key under legacy decorators
 * (`experimentalDecorators: true`), the decorator context under TC39 standard decorators.
 *
 * @example
 * ```ts
 * const decorate = (target: object | undefined, key: FieldDecoratorKey): void => {};
 * ```
 */
export type FieldDecoratorKey = string | symbol | ClassFieldDecoratorContext;

/**
 * Where a property decorator was applied, normalised for the metadata store.
 *
 * @example
 * ```ts
 * const { owner, property } = propertyTarget('Column', Video.prototype, 'title');
 * ```
 */
export interface PropertyTarget {
  /**
   * What the declaration is stored under: the class (legacy decorators), or the class's decorator metadata object
   * (standard decorators, whose field decorators never see the class; the store reads it as the class's own).
   */
  readonly owner: object;
  readonly property: string;
  readonly designType: DesignType | undefined;
  /** Problems with the placement itself (static member, symbol key, private field). */
  readonly problems: readonly string[];
}

interface StandardContext {
  readonly kind: unknown;
  readonly name: unknown;
  readonly static?: unknown;
  readonly private?: unknown;
  readonly metadata?: unknown;
}

const UNNAMED = 'a class compiled with standard decorators';

function standardContext(value: unknown): StandardContext | undefined {
  return typeof value === 'object' && value !== null && 'kind' in value && 'name' in value
    ? (value as StandardContext)
    : undefined;
}

function misplaced(decorator: string, context: StandardContext, expected: string): MetadataError {
  const isClass = context.kind === 'class' && typeof context.name === 'string';
  return new MetadataError([
    {
      entity: isClass ? (context.name as string) : UNNAMED,
      ...(isClass ? {} : { property: String(context.name) }),
      message: `@${decorator} decorates ${expected}, not a ${String(context.kind)}`,
    },
  ]);
}

/**
 * Checks a class decorator's arguments: the class, then absent under legacy decorators or a `class` context under
 * standard decorators. A decorator applied by hand to something that is no class is an InvalidArgumentError (it
 * would otherwise fail as a bare TypeError, or record a declaration nothing reads); one put on a field or method
 * is a MetadataError rather than a silent no-op.
 *
 * @example
 * ```ts
 * assertClassDecorator('Entity', target, context);
 * ```
 */
export function assertClassDecorator(decorator: string, target: unknown, context: unknown): void {
  if (typeof target !== 'function')
    throw new InvalidArgumentError({
      api: `@${decorator}`,
      argument: 'target',
      value: target,
      expected: 'a class',
    });
  const standard = standardContext(context);
  if (standard && standard.kind !== 'class') throw misplaced(decorator, standard, 'a class');
  if (context !== undefined && !standard)
    throw new InvalidArgumentError({
      api: `@${decorator}`,
      argument: 'context',
      entity: target.name,
      value: context,
      expected: 'undefined (legacy decorators) or a class decorator context',
    });
}

/**
 * The class a legacy property decorator's `target` belongs to: the prototype's constructor (an instance property)
 * or the class itself (a static one). Anything else — null, a primitive, a plain object or `Object.create(null)` —
 * is no class member, and is refused before anything is recorded.
 */
function legacyOwner(decorator: string, target: unknown, key: unknown): object {
  const owner = classOfTarget(target);
  if (typeof key !== 'string' && typeof key !== 'symbol')
    throw new InvalidArgumentError({
      api: `@${decorator}`,
      argument: 'key',
      entity: owner?.name,
      value: key,
      expected: 'a property name (string or symbol) or a field decorator context',
    });
  if (owner === undefined)
    throw new InvalidArgumentError({
      api: `@${decorator}`,
      argument: 'target',
      property: String(key),
      value: target,
      expected: "a class's prototype (or the class, for a static property)",
    });
  return owner;
}

function readDesignType(target: object, property: string | symbol): DesignType | undefined {
  const reflect = Reflect as unknown as {
    getMetadata?: (key: string, target: object, property: string | symbol) => unknown;
  };
  const type = reflect.getMetadata?.('design:type', target, property);
  return typeof type === 'function' ? (type as DesignType) : undefined;
}

function placementProblems(decorator: string, isStatic: boolean, key: unknown, isPrivate = false): string[] {
  const problems: string[] = [];
  if (isStatic) problems.push(`@${decorator} cannot be used on a static property`);
  if (typeof key === 'symbol') problems.push(`@${decorator} cannot be used on a symbol-keyed property`);
  if (isPrivate)
    problems.push(`@${decorator} cannot be used on a private (#) field: the mapper could not read or set it`);
  return problems;
}

function standardPropertyTarget(decorator: string, context: StandardContext): PropertyTarget {
  if (context.kind !== 'field') throw misplaced(decorator, context, 'a field');
  const { metadata } = context;
  // Only a compiler that predates decorator metadata (TypeScript < 5.2) or a Symbol.metadata that appeared after
  // the class was defined gets here: the declaration would otherwise be lost without a trace.
  if (typeof metadata !== 'object' || metadata === null)
    throw new MetadataError([
      {
        entity: UNNAMED,
        property: String(context.name),
        message: `@${decorator} got no context.metadata: compile with TypeScript ≥ 5.2 (or esbuild ≥ 0.21), and import bigtable-mapper/decorators before defining the class`,
      },
    ]);
  const problems = placementProblems(
    decorator,
    context.static === true,
    context.name,
    context.private === true,
  );
  return { owner: metadata, property: String(context.name), designType: undefined, problems };
}

/**
 * The owner, property name and `design:type` (when the compiler emitted it) of a field decorator call, under
 * either decorator protocol (told apart by the second argument: a key, or a standard decorator context).
 *
 * @example
 * ```ts
 * const { owner, property, designType, problems } = propertyTarget('Column', target, key);
 * ```
 */
export function propertyTarget(
  decorator: string,
  target: object | undefined,
  key: FieldDecoratorKey,
): PropertyTarget {
  const context = standardContext(key);
  if (context) return standardPropertyTarget(decorator, context);
  const owner = legacyOwner(decorator, target, key);
  const legacyKey = key as string | symbol;
  const isStatic = typeof target === 'function';
  const property = typeof legacyKey === 'symbol' ? String(legacyKey) : legacyKey;
  return {
    owner,
    property,
    designType: readDesignType(target as object, legacyKey),
    problems: placementProblems(decorator, isStatic, legacyKey),
  };
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
