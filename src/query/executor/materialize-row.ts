import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { ValueEncodingError } from '../../errors/value-encoding-error.js';
import { SchemaVersionError } from '../../errors/schema-version-error.js';
import { UpcastError } from '../../errors/upcast-error.js';
import { ValidationError } from '../../errors/validation-error.js';
import { validateReadEntity } from '../../mapping/validate-entity.js';
import { hydrateEntity } from '../../mapping/hydrate-entity.js';
import { upcastRow } from '../../mapping/upcast-row.js';
import { markPartialLoad } from '../../mapping/load-state.js';
import { rememberVersionCell, versionCellIn } from '../../mapping/version-cell.js';
import type { PartialLoad } from '../../mapping/load-state.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { RowData } from '../../model/row-data.js';
import type { ResidualProgram } from '../nodes/residual-node.js';
import type { SkippedRowReporter } from '../builder/skipped-row.js';
import { matchesResidual } from '../planner/match-residual.js';

/**
 * Removes the properties a `select()` did not ask for, so a partial row never shows invented values (an empty
 * Map, a zero counter) for data that was not read.
 */
function keepOnly(meta: EntityMetadata, entity: object, keep: readonly string[]): void {
  const wanted = new Set(keep);
  for (const field of meta.fields) {
    if (!wanted.has(field.property)) delete (entity as Record<string, unknown>)[field.property];
  }
}

/**
 * Records the exact version cell the entity was read with, so that its save or delete compares that cell and not
 * only the number (a row deleted and re-created at the same version since is another row).
 */
function rememberReadVersion(meta: EntityMetadata, entity: Record<string, unknown>, row: RowData): void {
  const version = meta.version;
  if (version === undefined || !(version.property in entity)) return;
  const cell = versionCellIn(meta, row);
  if (cell !== undefined) rememberVersionCell(entity, entity[version.property], cell);
}

/**
 * Hydration only decodes, upcasts and (with `validateOnRead`) validates, so these are exactly "the row cannot be
 * read as the entity".
 */
function isDecodeError(
  error: unknown,
): error is ValueEncodingError | KeyEncodingError | SchemaVersionError | UpcastError | ValidationError {
  return (
    error instanceof ValueEncodingError ||
    error instanceof ValidationError ||
    error instanceof KeyEncodingError ||
    error instanceof SchemaVersionError ||
    error instanceof UpcastError
  );
}

/**
 * What a read leaves out of each entity (unselected properties, windowed maps/sets), so that saving one never
 * erases what it did not load; undefined for a whole-entity read.
 *
 * @example
 * ```ts
 * const partial = partialLoadFor(meta, residualProgram(plan.client));
 * ```
 */
export function partialLoadFor(meta: EntityMetadata, program: ResidualProgram): PartialLoad | undefined {
  const { keep, windowed } = program;
  return keep === undefined && windowed.length === 0
    ? undefined
    : {
        unloaded: new Set(
          keep === undefined ? [] : meta.fields.map((f) => f.property).filter((p) => !keep.includes(p)),
        ),
        windowed: new Set(windowed),
      };
}

/**
 * One row as the plan's result: the hydrated entity with the residual conditions checked and the projection
 * applied; 'skipped' when it does not decode and `report` takes it (reported here), 'filtered' when a residual
 * condition fails. Without `report` a decode error is thrown. A row read whole that was upcast from an older schema
 * version is handed to `upcast` (write-back).
 *
 * @example
 * ```ts
 * const program = residualProgram(plan.client);
 * const entity = materializeRow(meta, program, partialLoadFor(meta, program), row, undefined);
 * ```
 */
export function materializeRow(
  meta: EntityMetadata,
  program: ResidualProgram,
  partial: PartialLoad | undefined,
  row: RowData,
  report: SkippedRowReporter | undefined,
  upcast?: (meta: EntityMetadata, row: RowData) => void,
): Record<string, unknown> | 'skipped' | 'filtered' {
  let entity: Record<string, unknown>;
  try {
    const evolution = meta.evolution;
    // Only key parts selected: the cells are value-stripped, so there is nothing to upcast (or to decode).
    if (evolution !== undefined && program.keep?.length !== 0) {
      const result = upcastRow(meta, row);
      entity = result.entity as Record<string, unknown>;
      // Only a row read whole can be written back whole.
      if (upcast && result.fromVersion !== evolution.version && !program.keep && !partial) upcast(meta, row);
    } else entity = hydrateEntity(meta, row) as Record<string, unknown>;
    // Only an entity read whole can be held to the schema of the whole entity.
    if (!program.keep && !partial) validateReadEntity(meta, entity, row.key);
  } catch (error) {
    if (!report || !isDecodeError(error)) throw error;
    report(Object.freeze({ entity: meta.name, key: row.key, error }));
    return 'skipped';
  }
  if (!program.conditions.every((r) => matchesResidual(r, entity[r.property]))) return 'filtered';
  if (program.keep) keepOnly(meta, entity, program.keep);
  if (partial) markPartialLoad(entity, partial);
  rememberReadVersion(meta, entity, row);
  return entity;
}
