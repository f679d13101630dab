import {
  checkArray,
  checkCallOptions,
  checkFunction,
  checkIterable,
  checkIterableObject,
  checkObject,
  checkObjects,
  checkVersionValue,
} from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';

/**
 * The checks of a repository call's arguments that know the entity: a key or an entity is an object, a version is
 * one that can be stored, a collection change is a collection and not a string. Shape checks shared by every
 * public API are in src/errors/check-argument.ts; what a value means for a codec stays with the codec.
 *
 * @example
 * ```ts
 * const check = entityArguments(meta);
 * check.key('get', key);
 * check.call('get', options);
 * ```
 */
export interface EntityArguments {
  /** `Repository<E>.method`, the API name in errors. */
  api(method: string): string;
  /** A key (an object of key parts, or a whole entity). */
  key(method: string, key: unknown): void;
  /** The key prefix of `find`: an object of leading key parts. */
  keyPrefix(method: string, keyPrefix: unknown): void;
  /** An array of keys, each an object of key parts or a whole entity. */
  keys(method: string, keys: unknown): void;
  /** A call's options (`signal`, `timeoutMs`). */
  call(method: string, options: unknown): void;
  /** A whole entity, with a version (when the entity has one) that can be stored or is unset. */
  entity(method: string, entity: unknown, argument?: string): void;
  /** An `expectedVersion` option, when given. */
  expectedVersion(method: string, options: unknown): void;
  /** The member of `has` (a Set member or a Map key): a value, not undefined or null. */
  member(method: string, value: unknown, property: string): void;
  /** The members of `add`/`remove` (or map keys): an iterable that is not a string. */
  members(method: string, argument: string, value: unknown, property: string): void;
  /** The entries of `put` (a Map or an iterable of `[key, value]` pairs), as a list of pairs. */
  entries(method: string, value: unknown, property: string): ReadonlyArray<readonly [unknown, unknown]>;
  /** The changes of `update`: an object whose collection changes are collections. */
  changes(method: string, changes: unknown): void;
  /** The entities of `saveMany` (an array, iterable or async iterable) and its options, `onProgress` included. */
  batch(method: string, entities: unknown, options: unknown): void;
  /** The `alsoDelete` option of `deleteByPrefix`, when given: an array of entity classes. */
  alsoDelete(method: string, options: unknown): void;
}

export function entityArguments(meta: EntityMetadata): EntityArguments {
  const entity = meta.name;
  const api = (method: string): string => `Repository<${entity}>.${method}`;
  const self: EntityArguments = {
    api,
    key(method, key) {
      checkObject(
        { api: api(method), argument: 'key', entity },
        key,
        'an object of key parts (or an entity)',
      );
    },
    keyPrefix(method, keyPrefix) {
      checkObject(
        { api: api(method), argument: 'keyPrefix', entity },
        keyPrefix,
        'an object of leading key parts',
      );
    },
    keys(method, keys) {
      const site = { api: api(method), argument: 'keys', entity };
      checkArray(site, keys, 'an array of keys');
      checkObjects(site, keys, 'an object of key parts (or an entity)');
    },
    call(method, options) {
      checkCallOptions(api(method), options, entity);
    },
    entity(method, value, argument = 'entity') {
      checkObject({ api: api(method), argument, entity }, value, `a ${entity}`);
      const version = meta.version;
      if (version === undefined) return;
      const stated = (value as Record<string, unknown>)[version.property];
      // Unset means "no version stored yet", as 0 does.
      if (stated === undefined || stated === null) return;
      checkVersionValue({ api: api(method), argument, entity, property: version.property }, stated);
    },
    expectedVersion(method, options) {
      const stated = (options as { readonly expectedVersion?: unknown } | undefined)?.expectedVersion;
      if (stated !== undefined) {
        checkVersionValue({ api: api(method), argument: 'options.expectedVersion', entity }, stated);
      }
    },
    member(method, value, property) {
      if (value === undefined || value === null) {
        throw new InvalidArgumentError({
          api: api(method),
          argument: 'member',
          entity,
          property,
          value,
          expected: 'a member value',
        });
      }
    },
    members(method, argument, value, property) {
      checkIterable({ api: api(method), argument, entity, property }, value);
    },
    entries(method, value, property) {
      const site = { api: api(method), argument: 'entries', entity, property };
      if (value instanceof Map) return [...(value as Map<unknown, unknown>).entries()];
      checkIterable(site, value, 'a Map or an iterable of [key, value] pairs, not a string');
      // Copied once, so that a one-shot iterator is read only here.
      const list = [...value];
      for (const pair of list) {
        if (!Array.isArray(pair) || pair.length !== 2) {
          throw new InvalidArgumentError({ ...site, value: pair, expected: 'a [key, value] pair' });
        }
      }
      return list as ReadonlyArray<readonly [unknown, unknown]>;
    },
    changes(method, changes) {
      checkObject(
        { api: api(method), argument: 'changes', entity },
        changes,
        `an object of ${entity} properties`,
      );
      for (const [property, change] of Object.entries(changes)) {
        const field = meta.fields.find((f) => f.property === property);
        if (field === undefined || (field.kind !== 'set' && field.kind !== 'map')) continue;
        if (change === undefined || change === null || change instanceof Set || change instanceof Map)
          continue;
        const site = { api: api(method), argument: `changes.${property}`, entity, property };
        checkObject(site, change, `a ${field.kind === 'set' ? 'Set' : 'Map'}, or { put, remove }`);
        const { put, remove } = change as { readonly put?: unknown; readonly remove?: unknown };
        if (put !== undefined) {
          // Not iterated here: a one-shot iterator must reach the write whole.
          if (!(put instanceof Map)) self.members(method, `changes.${property}.put`, put, property);
        }
        if (remove !== undefined) self.members(method, `changes.${property}.remove`, remove, property);
      }
    },
    batch(method, entities, options) {
      const site = { api: api(method), argument: 'entities', entity };
      checkIterableObject(site, entities, 'an array, iterable or async iterable of entities');
      self.call(method, options);
      const onProgress = (options as { readonly onProgress?: unknown } | undefined)?.onProgress;
      if (onProgress !== undefined) checkFunction({ ...site, argument: 'options.onProgress' }, onProgress);
    },
    alsoDelete(method, options) {
      const alsoDelete = (options as { readonly alsoDelete?: unknown } | undefined)?.alsoDelete;
      if (alsoDelete === undefined) return;
      const site = { api: api(method), argument: 'options.alsoDelete', entity };
      checkArray(site, alsoDelete, 'an array of entity classes');
      alsoDelete.forEach((c, i) =>
        checkFunction({ ...site, argument: `${site.argument}[${i}]` }, c, 'an entity class'),
      );
    },
  };
  return self;
}
