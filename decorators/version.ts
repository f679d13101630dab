import type { VersionOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * The optimistic-locking version (an int64 cell). A save writes `version + 1` and is meant to be sent
 * conditionally on the stored cell still holding `version` (absent for a new entity).
 *
 * @example
 * ```ts
 * @Version({ family: 'meta' }) version = 0n;
 * ```
 */
export function Version(options: VersionOptions) {
  return fieldDecorator('Version', 'version', options);
}
