/**
 * One mutation of a single row, in the SDK's byte-exact model (transport turns it into the v2 proto shape).
 * Timestamps are microseconds as bigint; on millisecond-granularity tables they must be multiples of 1000.
 *
 * @example
 * ```ts
 * const m: Mutation = { kind: 'setCell', family: 'stats', qualifier: Buffer.from('cpu'), timestampMicros: 1_000n, value: Buffer.from([1]) };
 * ```
 */
export type Mutation =
  | {
      readonly kind: 'setCell';
      readonly family: string;
      readonly qualifier: Uint8Array;
      readonly timestampMicros: bigint;
      readonly value: Uint8Array;
    }
  | {
      readonly kind: 'deleteFromColumn';
      readonly family: string;
      readonly qualifier: Uint8Array;
      /** Inclusive start of the deleted time range; omitted = from the beginning. */
      readonly startMicros?: bigint;
      /** Exclusive end of the deleted time range; omitted = to infinity. */
      readonly endMicros?: bigint;
    }
  | { readonly kind: 'deleteFromFamily'; readonly family: string }
  | { readonly kind: 'deleteFromRow' }
  | {
      readonly kind: 'addToCell';
      readonly family: string;
      readonly qualifier: Uint8Array;
      readonly timestampMicros: bigint;
      readonly input: bigint;
    }
  | {
      readonly kind: 'mergeToCell';
      readonly family: string;
      readonly qualifier: Uint8Array;
      readonly timestampMicros: bigint;
      readonly state: Uint8Array;
    };
