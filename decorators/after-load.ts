import { hookDecorator } from './hook-decorator.js';
import type { HookDecorator } from './hook-decorator.js';

/**
 * Marks a method to run on each entity a read returns (`get`, `getMany`, `find`, `scan`, lookups, collections),
 * after it was hydrated and passed the query's conditions, before the caller sees it; partially loaded entities
 * (`select()`) included. Synchronous: a hook that throws, or returns a promise, fails the read with EntityHookError.
 * See docs/hooks.md.
 *
 * @example
 * ```ts
 * @Entity({ table: 'devices' })
 * @Family('d')
 * class Device {
 *   @KeyPart(0, 'string') deviceId!: string;
 *   @Column({ family: 'd', codec: 'string' }) name = '';
 *   label = '';
 *   @AfterLoad() derive(): void { this.label = this.name.toUpperCase(); }
 * }
 * ```
 */
export function AfterLoad(): HookDecorator {
  return hookDecorator('AfterLoad', 'afterLoad');
}
