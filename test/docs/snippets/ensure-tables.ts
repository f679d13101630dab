import { TransportError } from 'bigtable-mapper';
import type { EntityClass, Mapper } from 'bigtable-mapper';

const ALREADY_EXISTS = 6; // gRPC status code

/**
 * Creates the table of `entities` (entities sharing a table go in one call) unless it exists. `mapper.createTable`
 * alone is not re-runnable: on an existing table it throws TransportError with grpcCode 6, and it never adds a
 * missing family or changes a GC rule of an existing table.
 */
export async function ensureTable(mapper: Mapper, ...entities: EntityClass[]): Promise<void> {
  try {
    await mapper.createTable(...entities);
  } catch (error) {
    if (!(error instanceof TransportError && error.grpcCode === ALREADY_EXISTS)) throw error;
  }
}
