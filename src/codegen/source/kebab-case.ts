import { checkString } from '../../errors/check-argument.js';

/**
 * An entity class name as a file name: `DeviceDay` → `device-day` (the CLI's files, and the module a child
 * inferred from a live table imports its parent from).
 *
 * @example
 * ```ts
 * kebabCase('DeviceDay'); // 'device-day'
 * ```
 */
export function kebabCase(name: string): string {
  checkString({ api: 'kebabCase', argument: 'name' }, name);
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}
