/**
 * One cell exactly as Bigtable stores it. Qualifier and value are raw bytes; nothing is decoded here.
 */
export interface Cell {
  readonly family: string;
  readonly qualifier: Uint8Array;
  /** Microseconds since the epoch (a multiple of 1000 on millisecond-granularity tables). */
  readonly timestampMicros: bigint;
  readonly value: Uint8Array;
  readonly labels: readonly string[];
}

/**
 * One row as returned by ReadRows: the key and its cells in Bigtable's order (family, then qualifier bytes,
 * then timestamp newest first). This is the byte-exact meeting point of transport and mapping.
 *
 * @example
 * ```ts
 * const row: RowData = { key: Buffer.from('phone#1'), cells: [] };
 * ```
 */
export interface RowData {
  readonly key: Uint8Array;
  readonly cells: readonly Cell[];
}
