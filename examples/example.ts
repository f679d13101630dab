import type { EntityClass, Mapper } from 'bigtable-mapper';

/** What an example gets besides its Mapper. */
export interface ExampleContext {
  /**
   * Sets the clock the mapper stamps saves with (`undefined`: real time again), so that an example can store the
   * cell timestamps its seed draws (an invoice's `@ 2023-09-10T15:21:48`).
   */
  setClock(at: Date | undefined): void;
}

/**
 * One runnable example of a seed design: the entities it needs tables for (created with `mapper.ensureSchema`),
 * and a run that uses a Mapper, asserts what it shows and returns the lines to print. `examples/run-all.ts` (the
 * demo) runs every example on the emulator and prints its stored rows as `cbt read` does; the test suite runs them
 * too (test/examples/examples.test.ts).
 */
export interface Example {
  /** Short id, usable in a table id: the demo's tables are `<id>_<table>`. */
  readonly id: string;
  readonly name: string;
  /** The seed document (and section) whose design this is; docs/examples.md explains the choice. */
  readonly seed: string;
  readonly entities: readonly EntityClass[];
  run(mapper: Mapper, context: ExampleContext): Promise<string[]>;
}
