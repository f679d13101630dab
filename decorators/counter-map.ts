import type { CounterMapOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * A `Map<K, bigint | number>` of int64 counter cells owning a whole family: one counter per key (qualifiers as
 * data, e.g. unread messages per member). `Repository.increment` changes one or several keys of one row in one
 * atomic ReadModifyWriteRow, `put` sets (resets) counters, `remove` deletes them; a save never writes the map.
 * Reads as a Map of the counters present (a key never incremented is absent, not 0).
 *
 * @example
 * ```ts
 * @Family('unread')
 * class Conversation { @CounterMap({ family: 'unread', key: 'string', as: 'number' }) unread = new Map<string, number>(); }
 * ```
 */
export function CounterMap<K = unknown>(options: CounterMapOptions<K>) {
  return fieldDecorator('CounterMap', 'counterMap', options as CounterMapOptions);
}
