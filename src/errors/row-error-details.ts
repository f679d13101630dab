/** The entity and row an error is about. */
export interface RowErrorDetails {
  /** Entity class name. */
  readonly entity: string;
  /** The row key, exact bytes. */
  readonly key: Uint8Array;
}
