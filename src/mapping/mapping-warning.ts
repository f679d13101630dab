/**
 * Something a write may do but should not: a cell above the advised 10 MiB, or a row above the advised 100 MB.
 * Returned with the mutations (mapping has no side effects); the repository decides whether to log.
 *
 * @example
 * ```ts
 * for (const w of save.warnings) console.warn(w.message);
 * ```
 */
export interface MappingWarning {
  readonly code: 'LARGE_CELL' | 'LARGE_ROW';
  readonly entity: string;
  readonly property: string | undefined;
  /** Bytes. */
  readonly size: number;
  /** The advised maximum, bytes. */
  readonly advised: number;
  readonly message: string;
}
