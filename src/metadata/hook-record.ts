import type { EntityHookEvent, HookRecord } from './declaration-records.js';

const EVENTS: readonly EntityHookEvent[] = ['beforeSave', 'afterLoad'];

/**
 * The record of one lifecycle hook declaration (`@BeforeSave()`, `@AfterLoad()`, `defineEntity`'s `hooks`), with
 * the problems of its arguments; whether the method exists is checked when the entity resolves.
 *
 * @example
 * ```ts
 * addDeclaration(Device, hookRecord('afterLoad', 'normalise'));
 * ```
 */
export function hookRecord(
  event: EntityHookEvent,
  method: unknown,
  problems: readonly string[] = [],
): HookRecord {
  const all = [...problems];
  if (!EVENTS.includes(event))
    all.push(`hook event must be one of ${EVENTS.join(', ')}, got ${String(event)}`);
  if (typeof method !== 'string' || method.length === 0)
    all.push(`a ${event} hook must name a method of the class, got ${String(method)}`);
  return Object.freeze({
    kind: 'hook',
    event,
    method: typeof method === 'string' ? method : String(method),
    problems: Object.freeze(all),
  });
}
