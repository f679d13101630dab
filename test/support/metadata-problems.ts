import { MetadataError } from '../../src/errors/metadata-error.js';
import type { EntityClass } from '../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../src/metadata/resolve-entity.js';

/** The problems resolving `target` reports, as `property: message` lines (none when it resolves). */
export function problemsOf(target: EntityClass): string[] {
  try {
    resolveEntity(target);
    return [];
  } catch (error) {
    if (!(error instanceof MetadataError)) throw error;
    return error.problems.map((p) => `${p.property ?? ''}: ${p.message}`);
  }
}
