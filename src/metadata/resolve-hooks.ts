import type { MetadataProblem } from '../errors/metadata-error.js';
import type { EntityClass, EntityHookMetadata, EntityHooksMetadata } from './entity-metadata.js';
import type { MergedDeclarations } from './merge-declarations.js';

type Method = (this: object) => unknown;

/** The hook method to call on `entity`: its own (a subclass's override), else the declaring class's. */
function hookOf(declared: Method, method: string): (entity: object) => unknown {
  return (entity) => {
    const own = (entity as Record<string, unknown>)[method];
    return (typeof own === 'function' ? (own as Method) : declared).call(entity);
  };
}

/**
 * The entity's lifecycle hooks, resolved: each declared method must be a method of the class (a problem
 * otherwise). Undefined when the entity declares none, so that reads and writes of entities without hooks pay
 * nothing for them.
 *
 * @example
 * ```ts
 * const hooks = resolveHooks(Device, mergeDeclarations(Device), problems);
 * ```
 */
export function resolveHooks(
  target: EntityClass,
  merged: MergedDeclarations,
  problems: MetadataProblem[],
): EntityHooksMetadata | undefined {
  if (merged.hooks.length === 0) return undefined;
  const beforeSave: EntityHookMetadata[] = [];
  const afterLoad: EntityHookMetadata[] = [];
  const prototype = target.prototype as Record<string, unknown>;
  for (const { record, declaredBy } of merged.hooks) {
    if (record.problems.length > 0) continue; // reported by mergeDeclarations
    const method = prototype[record.method];
    if (typeof method !== 'function') {
      problems.push({
        entity: merged.entityName,
        message: `${record.event} hook ${record.method} (declared in ${declaredBy}) is not a method of the class`,
      });
      continue;
    }
    const hook = { method: record.method, run: hookOf(method as Method, record.method) };
    (record.event === 'beforeSave' ? beforeSave : afterLoad).push(hook);
  }
  return { beforeSave, afterLoad };
}
