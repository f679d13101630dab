// The vocabulary of batch writing, on the floor of its room: what a batch is made of and how far it has come.
import type { BoundCallOptions } from '../../transport/call-timeouts.js';
import type { PreparedMutateRowsEntry } from '../../transport/prepare-mutate-rows-entry.js';
import type { CallOptions } from '../write-options.js';

/**
 * One entity of a batch: its row mutations, prepared for MutateRows as the entity is encoded (the batch keeps no
 * other form of them), or a write of its own (conditional saves cannot be batched).
 */
export type WriteItem =
  | { readonly key: Uint8Array; readonly entry: PreparedMutateRowsEntry; readonly single: undefined }
  | {
      readonly key: Uint8Array;
      readonly entry: undefined;
      /** Writes the entity alone, under the batch's signal and deadline. */
      readonly single: (call: BoundCallOptions) => Promise<void>;
    };

/**
 * How far a `saveMany` has come: entities taken from the input so far, and what became of those whose writes
 * have finished (the rest are in flight).
 *
 * @example
 * ```ts
 * const report = (p: WriteProgress): void => console.log(`${p.written} of ${p.consumed} written`);
 * ```
 */
export interface WriteProgress {
  /** Entities taken from the input so far. */
  readonly consumed: number;
  /** Entities Bigtable confirmed written. */
  readonly written: number;
  /** Entities certainly not written (refused, or never sent). */
  readonly notWritten: number;
  /** Entities sent without an answer and not (yet) confirmed by reading them back. */
  readonly unknown: number;
}

/**
 * Options of {@link Repository.saveMany}.
 *
 * @example
 * ```ts
 * const options: SaveManyOptions = { onProgress: (p) => console.log(p.written, 'written') };
 * ```
 */
export interface SaveManyOptions extends CallOptions {
  /** Called after each batch with the counts so far. */
  readonly onProgress?: ((progress: WriteProgress) => void) | undefined;
}
