import fc from 'fast-check';

/**
 * The programs the suite runs: per client, a sequence of repository calls on a tiny key space (2 groups × 2 ids ×
 * 2 children, one versioned row), so that clients collide constantly; some calls run under a fault of the client's
 * own link. Values written are derived from the call's position (`c1s4`), so a final state names the write it came
 * from.
 */

export const GROUPS = ['g0', 'g1'] as const;
export const IDS = ['a', 'b'] as const;
export const CHILD_NS = ['0', '1'] as const;
export const LOCKED_IDS = ['x'] as const;
export const MEMBERS = ['x', 'y', 'z'] as const;
export const ATTR_KEYS = ['p', 'q'] as const;

export type Group = (typeof GROUPS)[number];
export type Id = (typeof IDS)[number];

/** A Doc's whole-entity input (its values are filled in from the position when run). */
export interface DocInput {
  readonly group: Group;
  readonly id: Id;
  readonly withNote: boolean;
  /** `undefined`: the Set property is left undefined (a save must keep or refuse, never wipe). */
  readonly tags: readonly string[] | undefined;
  readonly attrKeys: readonly string[];
}

export type Command =
  | { readonly kind: 'save'; readonly doc: DocInput }
  | { readonly kind: 'insert'; readonly doc: DocInput }
  | { readonly kind: 'updateV'; readonly group: Group; readonly id: Id }
  | { readonly kind: 'updateClearNote'; readonly group: Group; readonly id: Id }
  | {
      readonly kind: 'updateTags';
      readonly group: Group;
      readonly id: Id;
      readonly put: readonly string[];
      readonly remove: readonly string[];
    }
  /** update(key, { attrs: new Map(...) }): the whole Map replaced. */
  | { readonly kind: 'updateAttrs'; readonly group: Group; readonly id: Id; readonly keys: readonly string[] }
  | { readonly kind: 'delete'; readonly group: Group; readonly id: Id }
  /** `members` as a bare string: a misuse the SDK must refuse (it is no list of members). */
  | {
      readonly kind: 'add';
      readonly group: Group;
      readonly id: Id;
      readonly members: readonly string[] | string;
    }
  | {
      readonly kind: 'remove';
      readonly group: Group;
      readonly id: Id;
      readonly property: 'tags' | 'attrs';
      readonly members: readonly string[] | string;
    }
  | { readonly kind: 'put'; readonly group: Group; readonly id: Id; readonly keys: readonly string[] }
  | { readonly kind: 'increment'; readonly group: Group; readonly id: Id; readonly by: bigint }
  | {
      readonly kind: 'saveMany';
      readonly docs: readonly DocInput[];
      /** The inputs are `docs` over and over, `repeat` times in all (default 1): each key repeated in the batch. */
      readonly repeat?: number;
      /** How the inputs are handed over: an array (default), or streamed as a sync or an async iterable. */
      readonly input?: 'sync' | 'async';
    }
  /** deleteByPrefix({ group } or { group, id }, { alsoDelete: [Child] }): the rows and their children. */
  | { readonly kind: 'deletePrefix'; readonly group: Group; readonly id: Id | undefined }
  | { readonly kind: 'saveChild'; readonly group: Group; readonly id: Id; readonly n: string }
  | { readonly kind: 'deleteChild'; readonly group: Group; readonly id: Id; readonly n: string }
  /** The client's copy := what `get` returns (a new entity, version 0, when the row is absent). */
  | { readonly kind: 'lockedRead'; readonly id: string }
  /** The client's copy := a new entity (version 0), without any call. */
  | { readonly kind: 'lockedFresh'; readonly id: string }
  /** save(copy) with a new value: conditional on the version the copy was read at. */
  | { readonly kind: 'lockedSave'; readonly id: string }
  /** delete(copy): conditional on the copy's version. */
  | { readonly kind: 'lockedDelete'; readonly id: string }
  /** delete({ id }): unconditional. */
  | { readonly kind: 'lockedDrop'; readonly id: string };

/** A fault of the client's own link, starting `afterMs` after the call starts and lasting `forMs`. */
export interface Fault {
  /** lose: answers dropped; cut: connections reset; stall: nothing moves; delay: every chunk late by `delayMs`. */
  readonly kind: 'lose' | 'cut' | 'stall' | 'delay';
  readonly afterMs: number;
  readonly forMs: number;
  readonly delayMs: number;
}

export interface Step {
  readonly command: Command;
  readonly fault: Fault | undefined;
  /** The client waits this long before the call (a stagger, as Jepsen's): interleavings other than lock-step. */
  readonly pauseMs: number;
}

export interface ClientProgram {
  /** The client's write clock is `Date.now() + skewMs`. */
  readonly skewMs: number;
  readonly steps: readonly Step[];
  /** The client's batch tuning (`batchMaxBytes`, `batchConcurrency`); default 256 bytes (about one Doc), 4. */
  readonly batch?: { readonly maxBytes: number; readonly concurrency: number };
}

export interface Program {
  readonly clients: readonly ClientProgram[];
}

const group = fc.constantFrom(...GROUPS);
const id = fc.constantFrom(...IDS);
const members = fc.subarray([...MEMBERS]);
const attrKeys = fc.subarray([...ATTR_KEYS]);
/** Mostly lists; now and then a bare string whose characters are real members (so a wrong split shows). */
const memberList = fc.oneof({ weight: 6, arbitrary: members }, { weight: 1, arbitrary: fc.constant('xy') });

const docInput: fc.Arbitrary<DocInput> = fc.record({
  group,
  id,
  withNote: fc.boolean(),
  tags: fc.oneof({ weight: 8, arbitrary: members }, { weight: 1, arbitrary: fc.constant(undefined) }),
  attrKeys,
});

const INT64_MAX = 2n ** 63n - 1n;
const increments = fc.constantFrom(1n, 1n, 3n, -2n, 2n ** 62n, INT64_MAX, -INT64_MAX - 1n);

const docCommand: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: docInput.map((doc) => ({ kind: 'save' as const, doc })) },
  { weight: 2, arbitrary: docInput.map((doc) => ({ kind: 'insert' as const, doc })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('updateV' as const), group, id }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('updateClearNote' as const), group, id }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('updateTags' as const),
      group,
      id,
      put: members,
      remove: members,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('updateAttrs' as const), group, id, keys: attrKeys }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), group, id }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), group, id, members: memberList }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      group,
      id,
      property: fc.constantFrom('tags' as const, 'attrs' as const),
      members: memberList,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('put' as const), group, id, keys: attrKeys }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('increment' as const), group, id, by: increments }) },
  {
    weight: 2,
    arbitrary: fc
      .array(docInput, { minLength: 1, maxLength: 5 })
      .map((docs) => ({ kind: 'saveMany' as const, docs })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deletePrefix' as const),
      group,
      id: fc.option(id, { nil: undefined }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('saveChild' as const),
      group,
      id,
      n: fc.constantFrom(...CHILD_NS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deleteChild' as const),
      group,
      id,
      n: fc.constantFrom(...CHILD_NS),
    }),
  },
);

const lockedId = fc.constantFrom(...LOCKED_IDS);
const lockedCommand: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('lockedRead' as const), id: lockedId }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('lockedFresh' as const), id: lockedId }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('lockedSave' as const), id: lockedId }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lockedDelete' as const), id: lockedId }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('lockedDrop' as const), id: lockedId }) },
);

/** Mostly already on when the call starts (calls take milliseconds), sometimes hitting it in flight. */
const faultStart = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }) },
);
const shortFault: fc.Arbitrary<Fault> = fc.record({
  kind: fc.constantFrom('lose' as const, 'cut' as const, 'stall' as const, 'delay' as const),
  afterMs: faultStart,
  forMs: fc.integer({ min: 30, max: 600 }),
  delayMs: fc.integer({ min: 10, max: 200 }),
});
/** A frozen server: the link stalls for longer than a call's whole deadline (3 s). */
const frozen: fc.Arbitrary<Fault> = fc.record({
  kind: fc.constant('stall' as const),
  afterMs: faultStart,
  forMs: fc.integer({ min: 3_000, max: 5_000 }),
  delayMs: fc.constant(0),
});
const fault = fc.oneof({ weight: 8, arbitrary: shortFault }, { weight: 1, arbitrary: frozen });

const step: fc.Arbitrary<Step> = fc.record({
  command: fc.oneof({ weight: 3, arbitrary: docCommand }, { weight: 2, arbitrary: lockedCommand }),
  // Most calls run on a healthy link, so that outcomes are mostly definite and the check has teeth.
  fault: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fault }),
  pauseMs: fc.oneof(
    { weight: 2, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 5, max: 80 }) },
  ),
});

type SaveManyCommand = Extract<Command, { kind: 'saveMany' }>;

/** How many inputs a saveMany has (its docs, repeated). */
export function batchSize(command: SaveManyCommand): number {
  return command.docs.length * (command.repeat ?? 1);
}

/** Input `index` of a saveMany (its docs over and over). */
export function batchInput(command: SaveManyCommand, index: number): DocInput {
  return command.docs[index % command.docs.length]!;
}

/** Every input of a saveMany, in input order. */
export function batchInputs(command: SaveManyCommand): DocInput[] {
  return Array.from({ length: batchSize(command) }, (_, i) => batchInput(command, i));
}

/**
 * Issue 23 A2 (a key repeated in a saveMany must end as the last input written, arrays and streams alike) showed
 * only with many inputs per key and several writes of one key in flight or re-sent out of order. The main
 * programs' batches (1–5 inputs) cannot show it, so a seed may add one more client, a batch writer, of one of two
 * shapes:
 * - re-sends: 6–72 inputs over 1–3 keys, one Doc per MutateRows request, often under a link cut of a few
 *   milliseconds mid-batch, so that some requests fail unsent and are re-sent after later requests of the same key
 *   succeeded;
 * - size: more inputs than one MutateRows call of the batch takes (1,000 entities; arrays) or than one streamed
 *   chunk (2,000; iterables), over 2–4 keys, with ~8 Docs per request and 8 in flight, so that the calls and the
 *   chunks of one batch run side by side (more keys, fewer repetitions each: a key's repetitions are written one
 *   after another, so this keeps the batch quick).
 * It runs beside the other clients on the same rows. Its calls have a deadline of their own, `BATCH_WRITER_MS`, so
 * that a batch writer costs the bounded run at most that much per batch (a batch repeats a key a few hundred times,
 * and each repetition is a round trip: under load it ends at its deadline, partly written, which is checked too).
 */
const bulkDoc: fc.Arbitrary<DocInput> = fc.record({
  group,
  id,
  withNote: fc.boolean(),
  tags: members,
  attrKeys,
});
const bulkDocs = fc.array(bulkDoc, { minLength: 1, maxLength: 3 });
const streamedAs = fc.constantFrom(undefined, 'sync' as const, 'async' as const);
/** A cut of a few milliseconds while the batch's requests go out one after another. */
const midBatchCut: fc.Arbitrary<Fault> = fc.record({
  kind: fc.constant('cut' as const),
  afterMs: fc.integer({ min: 1, max: 30 }),
  forMs: fc.integer({ min: 5, max: 40 }),
  delayMs: fc.constant(0),
});
const resendBatch: fc.Arbitrary<Step> = fc.record({
  command: fc
    .record({ docs: bulkDocs, perDoc: fc.integer({ min: 6, max: 24 }), input: streamedAs })
    .map(({ docs, perDoc, input }) => ({
      kind: 'saveMany' as const,
      docs,
      repeat: perDoc,
      ...(input === undefined ? {} : { input }),
    })),
  fault: fc.oneof({ weight: 2, arbitrary: midBatchCut }, { weight: 1, arbitrary: fc.constant(undefined) }),
  pauseMs: fc.integer({ min: 0, max: 60 }),
});
/** Past one MutateRows call of a batch (1,000 entities) or one chunk of a stream (2,000): see write/batch. */
const sizeBatch: fc.Arbitrary<Step> = fc.record({
  command: fc
    .record({
      docs: fc.array(bulkDoc, { minLength: 2, maxLength: 4 }),
      streamed: fc.boolean(),
      extra: fc.integer({ min: 20, max: 100 }),
    })
    .chain(({ docs, streamed, extra }) =>
      (streamed ? fc.constantFrom('sync' as const, 'async' as const) : fc.constant(undefined)).map(
        (input) => ({
          kind: 'saveMany' as const,
          docs,
          repeat: Math.ceil(((input === undefined ? 1_000 : 2_000) + extra) / docs.length),
          ...(input === undefined ? {} : { input }),
        }),
      ),
    ),
  fault: fc.constant(undefined),
  pauseMs: fc.integer({ min: 0, max: 60 }),
});
const batchWriter: fc.Arbitrary<ClientProgram> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      skewMs: fc.integer({ min: -300, max: 300 }),
      steps: fc.array(resendBatch, { minLength: 1, maxLength: 2 }),
      batch: fc.constant({ maxBytes: 256, concurrency: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      skewMs: fc.integer({ min: -300, max: 300 }),
      steps: sizeBatch.map((s) => [s]),
      batch: fc.constant({ maxBytes: 2_048, concurrency: 8 }),
    }),
  },
);
/** The deadline (`timeoutMs`) of a batch writer's calls. */
export const BATCH_WRITER_MS = 1_000;
/** Drawn from its own stream of the seed, so that the main clients' programs stay what they were. */
const BATCH_WRITER_SEED = 0x5a17_b00c;

/**
 * The program of a seed: the same seed always gives the same program (the interleaving of its clients and the
 * moments faults hit still vary from run to run; that is what the checker is for). About one seed in two adds a
 * batch writer (see `batchWriter`) after the main clients.
 *
 * @example
 * ```ts
 * const program = programOf(42, 8);
 * ```
 */
export function programOf(seed: number, maxSteps: number): Program {
  const main = fc.sample(programArbitrary(maxSteps), { seed, numRuns: 1 })[0]!;
  const writer = fc.sample(fc.option(batchWriter, { nil: undefined, freq: 2 }), {
    seed: seed ^ BATCH_WRITER_SEED,
    numRuns: 1,
  })[0];
  return writer === undefined ? main : { clients: [...main.clients, writer] };
}

/**
 * Programs of 2–4 clients with skewed clocks (±300 ms), each of up to `maxSteps` calls.
 *
 * @example
 * ```ts
 * fc.sample(programArbitrary(8), 1);
 * ```
 */
export function programArbitrary(maxSteps: number): fc.Arbitrary<Program> {
  const client = fc.record({
    skewMs: fc.integer({ min: -300, max: 300 }),
    steps: fc.array(step, { minLength: 1, maxLength: maxSteps }),
  });
  return fc.record({ clients: fc.array(client, { minLength: 2, maxLength: 4 }) });
}
