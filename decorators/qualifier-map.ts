import type { QualifierMapOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * A `Map<K, V>` that owns a whole family: each entry is a cell whose qualifier is the encoded key and whose
 * value is the encoded value (seed: qualifiers as data, e.g. a `friends` family keyed by friend id). A save
 * rewrites the family atomically so the row holds exactly the map's entries.
 *
 * @example
 * ```ts
 * @QualifierMap({ family: 'friends', key: 'string', value: 'string' }) friends = new Map<string, string>();
 * ```
 */
export function QualifierMap<K = unknown, V = unknown>(options: QualifierMapOptions<K, V>) {
  return fieldDecorator('QualifierMap', 'qualifierMap', options as QualifierMapOptions);
}
