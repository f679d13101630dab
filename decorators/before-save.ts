import { hookDecorator } from './hook-decorator.js';
import type { HookDecorator } from './hook-decorator.js';

/**
 * Marks a method to run on the entity before `save`, `insert` or `saveMany` validates and encodes it (e.g. to stamp
 * `updatedAt` or fill a derived property). It runs before anything is sent: a hook that throws (or rejects) fails
 * the call with EntityHookError and nothing is written. It may be async. Hooks run base class first, then in
 * declaration order; see docs/hooks.md.
 *
 * @example
 * ```ts
 * @Entity({ table: 'devices' })
 * @Family('d')
 * class Device {
 *   @KeyPart(0, 'string') deviceId!: string;
 *   @Column({ family: 'd', codec: 'date' }) updatedAt?: Date;
 *   @BeforeSave() touch(): void { this.updatedAt = new Date(); }
 * }
 * ```
 */
export function BeforeSave(): HookDecorator {
  return hookDecorator('BeforeSave', 'beforeSave');
}
