import type { EntityClass, Mapper } from 'bigtable-mapper';

/**
 * One runnable example: the entities it needs tables for, and a run that uses a Mapper, asserts what it shows and
 * returns the lines to print. `examples/run-all.ts` runs every example on the emulator; the test suite does too.
 */
export interface Example {
  readonly name: string;
  readonly entities: readonly EntityClass[];
  run(mapper: Mapper): Promise<string[]>;
}
