import { rememberVersionCell } from '../mapping/version-cell.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';

/**
 * The one version bump after a versioned write applied: the entity's version property takes the new version, and
 * the exact version cell written is remembered with it, so the entity's next write is conditional on that cell (a
 * row deleted and re-created at the same version since is not the one it was written as). Without `written` (a
 * partial save whose key carried no known cell) only the property moves.
 *
 * @example
 * ```ts
 * applyVersion(meta, device, save.version.next, save.version.written);
 * ```
 */
export function applyVersion(
  meta: EntityMetadata,
  entity: object,
  next: bigint | number,
  written: Uint8Array | undefined,
): void {
  (entity as Record<string, unknown>)[meta.version!.property] = next;
  if (written !== undefined) rememberVersionCell(entity, next, written);
}
