import { InvalidArgumentError } from './invalid-argument-error.js';

/**
 * The public boundary's argument checks, shared by every public method: each throws an
 * {@link InvalidArgumentError} naming the API, the argument and what it expected, before anything is sent. They
 * check shape only (object, iterable, signal, integer); what a value means for an entity (a key part's codec, a
 * property's existence) stays with the code that knows the entity.
 */

/** Where a checked argument belongs: the API (`Repository<Device>.get`), the argument, and its entity if any. */
export interface ArgumentSite {
  readonly api: string;
  readonly argument: string;
  readonly entity?: string | undefined;
  readonly property?: string | undefined;
}

function refuse(site: ArgumentSite, value: unknown, expected: string): InvalidArgumentError {
  return new InvalidArgumentError({ ...site, value, expected });
}

/** A non-null object (a key, an entity, a changes record, an options bag). */
export function checkObject(
  site: ArgumentSite,
  value: unknown,
  expected = 'an object',
): asserts value is object {
  if (typeof value !== 'object' || value === null) throw refuse(site, value, expected);
}

/** An optional options bag: undefined, or a non-null object. */
export function checkOptions(site: ArgumentSite, value: unknown): asserts value is object | undefined {
  if (value !== undefined) checkObject(site, value, 'an options object or undefined');
}

/** An object with `Symbol.iterator` (or, when `async`, `Symbol.asyncIterator`): strings and null are not. */
function isIterableObject(value: unknown, async: boolean): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const it = value as { [Symbol.iterator]?: unknown; [Symbol.asyncIterator]?: unknown };
  return (
    typeof it[Symbol.iterator] === 'function' || (async && typeof it[Symbol.asyncIterator] === 'function')
  );
}

/**
 * An iterable of values that is not a string: a string is iterable, but as a collection argument it means one
 * member, and iterating it would write or remove each of its characters.
 */
export function checkIterable(
  site: ArgumentSite,
  value: unknown,
  expected = 'an iterable (array, Set, …) of values, not a string',
): asserts value is Iterable<unknown> {
  if (!isIterableObject(value, false)) throw refuse(site, value, expected);
}

/** An iterable or async iterable object (a stream of entities): not a string, not null. */
export function checkIterableObject(site: ArgumentSite, value: unknown, expected: string): void {
  if (!isIterableObject(value, true)) throw refuse(site, value, expected);
}

/** An array (a list of keys, of entities). */
export function checkArray(
  site: ArgumentSite,
  value: unknown,
  expected = 'an array',
): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) throw refuse(site, value, expected);
}

/** Every element of a list is a non-null object (keys, entities). */
export function checkObjects(site: ArgumentSite, values: readonly unknown[], expected = 'an object'): void {
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'object' || value === null) {
      throw refuse({ ...site, argument: `${site.argument}[${i}]` }, value, expected);
    }
  }
}

/**
 * An AbortSignal: a real one (`instanceof`), or one from another realm that has its shape (`aborted` boolean,
 * `addEventListener`), since the transport listens to it.
 */
export function isAbortSignal(value: unknown): value is AbortSignal {
  if (value instanceof AbortSignal) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { aborted?: unknown }).aborted === 'boolean' &&
    typeof (value as { addEventListener?: unknown }).addEventListener === 'function'
  );
}

/** An optional AbortSignal. */
export function checkSignal(site: ArgumentSite, value: unknown): asserts value is AbortSignal | undefined {
  if (value !== undefined && !isAbortSignal(value)) throw refuse(site, value, 'an AbortSignal or undefined');
}

/** A positive, finite number of milliseconds. */
export function checkMilliseconds(site: ArgumentSite, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw refuse(site, value, 'a positive number of milliseconds');
  }
}

/** A call's options (`signal`, `timeoutMs`, and whatever else the call reads, checked by the call). */
export function checkCallOptions(api: string, options: unknown, entity?: string): void {
  checkOptions({ api, argument: 'options', entity }, options);
  if (options === undefined) return;
  const { signal, timeoutMs } = options as { readonly signal?: unknown; readonly timeoutMs?: unknown };
  checkSignal({ api, argument: 'options.signal', entity }, signal);
  if (timeoutMs !== undefined) checkMilliseconds({ api, argument: 'options.timeoutMs', entity }, timeoutMs);
}

/** A whole number ≥ `min` (a limit, a page size: `min` 1). */
export function checkInteger(site: ArgumentSite, value: unknown, min: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw refuse(site, value, `a whole number ≥ ${min}`);
  }
}

/** A non-empty string (a property name, a table id, a cursor). */
export function checkString(
  site: ArgumentSite,
  value: unknown,
  expected = 'a non-empty string',
): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) throw refuse(site, value, expected);
}

/**
 * The class a decorator's target belongs to: the class itself (a static member, a constructor parameter) or the
 * constructor of a prototype (an instance member); undefined for anything else — a primitive, null, a plain object
 * (whose constructor is `Object`) or an object without a prototype chain.
 *
 * @example
 * ```ts
 * classOfTarget(Video.prototype) === Video; // true
 * ```
 */
export function classOfTarget(target: unknown): (abstract new (...args: never[]) => unknown) | undefined {
  const owner: unknown =
    typeof target === 'function'
      ? target
      : typeof target === 'object' && target !== null
        ? (target as { constructor?: unknown }).constructor
        : undefined;
  return typeof owner === 'function' && owner !== Object
    ? (owner as abstract new (...args: never[]) => unknown)
    : undefined;
}

/** A boolean (a flag). */
export function checkBoolean(site: ArgumentSite, value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') throw refuse(site, value, 'true or false');
}

/** A function (a callback, a class). */
export function checkFunction(
  site: ArgumentSite,
  value: unknown,
  expected = 'a function',
): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') throw refuse(site, value, expected);
}

/**
 * A stored version as a caller states it (`expectedVersion`, an entity's `@Version` property): a bigint or a number
 * must be a whole number ≥ 0 within int64 (0 = no version cell yet). A negative version can never be stored, so
 * sending it could only ever be answered with a conflict. A value of another type is left to the version's codec,
 * which refuses it as a ValueEncodingError naming the property.
 */
export function checkVersionValue(site: ArgumentSite, value: unknown): void {
  const bad =
    (typeof value === 'bigint' && (value < 0n || value > 0x7fff_ffff_ffff_ffffn)) ||
    (typeof value === 'number' && !(Number.isSafeInteger(value) && value >= 0));
  if (bad) throw refuse(site, value, 'a whole number ≥ 0 (0: no version stored yet)');
}

/** An instance of `type` (a connection, a Date). */
export function checkInstance<T>(
  site: ArgumentSite,
  value: unknown,
  type: { readonly prototype: T; [Symbol.hasInstance](value: unknown): boolean },
  expected: string,
): asserts value is T {
  if (!(value instanceof type)) throw refuse(site, value, expected);
}

/** A list of entity classes (an array of functions). */
export function checkClasses(
  site: ArgumentSite,
  value: unknown,
): asserts value is readonly (abstract new () => object)[] {
  checkArray(site, value, 'an array of entity classes');
  value.forEach((entity, i) =>
    checkFunction({ ...site, argument: `${site.argument}[${i}]` }, entity, 'an entity class'),
  );
}

/** Bytes (a row key, a prefix): a Uint8Array, Buffer included. */
export function checkBytes(site: ArgumentSite, value: unknown): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) throw refuse(site, value, 'a Uint8Array');
}

/** An array of objects (key ranges, findings, tables, schema files). */
export function checkObjectArray(site: ArgumentSite, value: unknown, expected: string): void {
  checkArray(site, value, `an array of ${expected}`);
  checkObjects(site, value, expected);
}
