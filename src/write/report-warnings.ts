import { checkObject } from '../errors/check-argument.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';

/**
 * The default of `RepositoryOptions.onWarning`: a Node process warning (printed once per code by Node unless
 * `--no-warnings`; observable with `process.on('warning', …)`), of type `BigtableMapperWarning` and code
 * `BIGTABLE_MAPPER_LARGE_CELL` or `BIGTABLE_MAPPER_LARGE_ROW`.
 *
 * @example
 * ```ts
 * Mapper.connect({ projectId: 'p', instanceId: 'i' }, {
 *   onWarning: (w) => { if (w.code === 'LARGE_ROW') emitProcessWarning(w); }, // only rows
 * });
 * ```
 */
export function emitProcessWarning(warning: MappingWarning): void {
  checkObject({ api: 'emitProcessWarning', argument: 'warning' }, warning, 'a MappingWarning');
  process.emitWarning(warning.message, {
    type: 'BigtableMapperWarning',
    code: `BIGTABLE_MAPPER_${warning.code}`,
  });
}

/**
 * Hands the warnings of a write about to be sent to the mapper's `onWarning` hook (default
 * {@link emitProcessWarning}). Runs before the write is sent: a hook that throws ends the call with that error and
 * nothing is written.
 *
 * @example
 * ```ts
 * reportWarnings(undefined, []); // nothing to report
 * ```
 */
export function reportWarnings(
  onWarning: ((warning: MappingWarning) => void) | undefined,
  warnings: readonly MappingWarning[],
): void {
  for (const warning of warnings) (onWarning ?? emitProcessWarning)(warning);
}
