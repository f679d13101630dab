import type { ModuleEntity } from '../metadata/public/index.js';
import { usageError } from './usage-error.js';

/**
 * The entities named by `--entity` (by class name or export name), or all of them when none is named. An unknown
 * name is a usage error listing the known ones.
 *
 * @example
 * ```ts
 * selectEntities('schema export', entities, ['Device']);
 * ```
 */
export function selectEntities(
  command: string,
  entities: readonly ModuleEntity[],
  names: readonly string[] | undefined,
): ModuleEntity[] {
  if (!names || names.length === 0) return [...entities];
  return names.map((name) => {
    const found = entities.find((e) => e.metadata.name === name || e.exportName === name);
    if (!found)
      throw usageError(
        command,
        '--entity',
        name,
        `one of the loaded entities (${entities.map((e) => e.metadata.name).join(', ')})`,
      );
    return found;
  });
}
