/**
 * Something a write may do but should not: a cell above the advised 10 MiB, or a row above the advised 100 MB.
 * Returned with the mutations (mapping has no side effects); the repository hands it to the mapper's `onWarning`
 * hook (default: a Node process warning) before the write is sent.
 *
 * @example
 * ```ts
 * const onWarning = (w: MappingWarning): void => console.warn(w.code, w.entity, w.property, w.size, w.advised);
 * Mapper.connect({ projectId: 'p', instanceId: 'i' }, { onWarning });
 * ```
 */
export interface MappingWarning {
  readonly code: 'LARGE_CELL' | 'LARGE_ROW';
  readonly entity: string;
  /** The property whose cell is large; undefined for a whole row. */
  readonly property: string | undefined;
  /** The row key. */
  readonly key: Uint8Array;
  /** Bytes. */
  readonly size: number;
  /** The advised maximum, bytes. */
  readonly advised: number;
  readonly message: string;
}
