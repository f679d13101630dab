import type { QualifierSetOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * A `Set<K>` that owns a whole family: each member is a cell whose qualifier is the encoded member and whose
 * value is empty. A save rewrites the family atomically.
 *
 * @example
 * ```ts
 * @QualifierSet({ family: 'tags', key: 'string' }) tags = new Set<string>();
 * ```
 */
export function QualifierSet<K = unknown>(options: QualifierSetOptions<K>) {
  return fieldDecorator('QualifierSet', 'qualifierSet', options as QualifierSetOptions);
}
