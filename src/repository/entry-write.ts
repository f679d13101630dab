import { writeEntries } from '../write/write-entries.js';
import { collectionField } from './collection-field.js';
import { keyedWrite } from './keyed-write.js';
import type { CallOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';

/** The property kinds each call takes. */
const KINDS = { add: ['set'], put: ['map'], remove: ['set', 'map'] } as const;

/**
 * The body of `add` (members into a Set), `put` (entries into a Map, counters of a `@CounterMap` included) and
 * `remove` (members or map keys): the property must be of a kind the call takes and the members an iterable that is
 * not a string, or the entries a Map or `[key, value]` pairs — checked before anything is sent — then one MutateRow
 * (`writeEntries`).
 *
 * @example
 * ```ts
 * await entryWrite(parts, 'add', { deviceId: 'x' }, 'tags', ['kitchen'], {});
 * ```
 */
export function entryWrite<E extends object>(
  parts: RepositoryParts<E>,
  operation: 'add' | 'put' | 'remove',
  key: object,
  property: string,
  values: unknown,
  options: CallOptions,
): Promise<void> {
  return keyedWrite(parts, operation, key, options, (scoped) => {
    const field = collectionField(parts.meta, property, operation, KINDS[operation]);
    const change = entryChange(parts, operation, values, property);
    return (t) => writeEntries(t, scoped, field, change);
  });
}

function entryChange(
  parts: RepositoryParts<object>,
  operation: 'add' | 'put' | 'remove',
  values: unknown,
  property: string,
): { readonly put?: Iterable<unknown>; readonly remove?: Iterable<unknown> } {
  // Entries are copied here; members are iterated once, by the write, so a one-shot iterator reaches it whole.
  if (operation === 'put') return { put: parts.check.entries(operation, values, property) };
  parts.check.members(operation, 'members', values, property);
  const members = values as Iterable<unknown>;
  return operation === 'add' ? { put: members } : { remove: members };
}
