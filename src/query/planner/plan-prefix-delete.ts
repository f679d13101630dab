import type { KeyValue } from '../../codecs/key/key-codec-types.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { prefixDrops } from './prefix-drops.js';

/** What `deleteByPrefix` sends: every row of the table, or DropRowRange prefixes plus single-row deletes. */
export type PrefixDeletePlan =
  | { readonly kind: 'table' }
  | {
      readonly kind: 'drops';
      readonly prefixes: readonly Uint8Array[];
      readonly rows: readonly Uint8Array[];
    };

/** Options of {@link planPrefixDelete}. */
export interface PrefixDeleteOptions {
  /** Allow an empty prefix: every row of the entity. */
  readonly allowEntireEntity?: boolean;
}

/**
 * Plans a prefix delete of `partialKey`, which must hold exactly the leading key parts in key order (`{}`, `{a}`,
 * `{a, b}`, …; a full key names one row). Everything is checked before a request exists: the key codec refuses a
 * gap (`{a, c}`), a non-key or unknown property, and invalid values with KeyEncodingError — the same rule as every
 * key prefix, so a prefix delete never widens to fewer parts than it was given. An empty prefix needs
 * `allowEntireEntity` (InvalidArgumentError otherwise).
 *
 * @example
 * ```ts
 * planPrefixDelete(meta, { tenant: 'acme' });              // { kind: 'drops', prefixes: ['acme#'], rows: [] }
 * planPrefixDelete(meta, { tenant: 'acme', id: 'x' });     // { kind: 'drops', prefixes: [], rows: ['acme#x'] }
 * planPrefixDelete(meta, { id: 'x' });                     // KeyEncodingError: leading fields in key order
 * ```
 */
export function planPrefixDelete<E extends object>(
  meta: EntityMetadata<E>,
  partialKey: object,
  options: PrefixDeleteOptions = {},
): PrefixDeletePlan {
  const api = `Repository<${meta.name}>.deleteByPrefix`;
  if (typeof partialKey !== 'object' || partialKey === null) {
    throw new InvalidArgumentError({
      api,
      argument: 'partialKey',
      value: partialKey,
      expected: 'an object of leading key parts',
    });
  }
  // Every defined property goes to the codec, key part or not, so that it can refuse what is not a leading run.
  const values: Record<string, KeyValue> = {};
  for (const [property, value] of Object.entries(partialKey)) {
    if (value !== undefined) values[property] = value as KeyValue;
  }
  if (Object.keys(values).length === 0 && !options.allowEntireEntity) {
    throw new InvalidArgumentError({
      api,
      argument: 'partialKey',
      value: partialKey,
      expected:
        `at least the first key part (${meta.key.parts[0]?.property}); ` +
        'pass { allowEntireEntity: true } to drop every row of the entity',
    });
  }
  const ranges = meta.key.codec.ranges(values);
  // No literal prefix and no key part: the entity owns the whole table (the metadata forbids siblings).
  if (ranges.some((r) => r.start === undefined && r.end === undefined)) return { kind: 'table' };
  const drops = ranges.map(prefixDrops);
  return {
    kind: 'drops',
    prefixes: drops.flatMap((d) => d.prefixes),
    rows: drops.flatMap((d) => d.rows),
  };
}
