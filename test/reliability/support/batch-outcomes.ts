import { expect } from 'vitest';
import { PartialWriteError } from '../../../src/errors/partial-write-error.js';
import type { Mapper } from '../../../src/repository/mapper.js';
import { Item } from './entities.js';

/** The three per-entity states of a batch (CONTRACT: `PartialWriteError.outcomes`). */
export type WriteOutcome = 'written' | 'notWritten' | 'unknown';

/**
 * The per-entity outcomes of a settled `saveMany`: all 'written' when it resolved, else the PartialWriteError's
 * `outcomes`, checked for internal consistency with `failures` and `succeeded`. Any other rejection fails the test.
 */
export function outcomesOf(settled: PromiseSettledResult<unknown>, inputLength: number): WriteOutcome[] {
  if (settled.status === 'fulfilled') return new Array<WriteOutcome>(inputLength).fill('written');
  const error: unknown = settled.reason;
  expect(error, `saveMany must end with a PartialWriteError, got ${String(error)}`).toBeInstanceOf(
    PartialWriteError,
  );
  const partial = error as PartialWriteError;
  const outcomes = partial.outcomes;
  expect(outcomes, 'PartialWriteError.outcomes must be aligned with the input').toHaveLength(inputLength);
  const written = outcomes.filter((o) => o === 'written').length;
  expect(partial.succeeded).toBe(written);
  expect(partial.failures).toHaveLength(inputLength - written);
  for (const failure of partial.failures) {
    expect(failure.outcome).toBe(outcomes[failure.index]);
    expect(failure.outcome).not.toBe('written');
  }
  return [...outcomes];
}

/** Every Item stored in the table, by id (one scan through the direct mapper). */
export async function storedItems(direct: Mapper): Promise<Map<string, Item>> {
  const all = await direct.repository(Item).scan().toArray();
  return new Map(all.map((i) => [i.id, i]));
}

/**
 * Checks outcomes against what the server holds: every 'written' item is stored and equal, every 'notWritten' one
 * absent, 'unknown' either way; and no stored row of the input is half-written (all its columns equal the input).
 * Returns the counts, for scenario-specific bounds.
 */
export function checkOutcomesAgainstServer(
  input: readonly Item[],
  outcomes: readonly WriteOutcome[],
  stored: ReadonlyMap<string, Item>,
): Record<WriteOutcome, number> {
  const counts: Record<WriteOutcome, number> = { written: 0, notWritten: 0, unknown: 0 };
  const wrong: string[] = [];
  input.forEach((entity, index) => {
    const outcome = outcomes[index]!;
    counts[outcome]++;
    const row = stored.get(entity.id);
    if (outcome === 'written' && row === undefined) wrong.push(`#${index} 'written' but absent`);
    if (outcome === 'notWritten' && row !== undefined) wrong.push(`#${index} 'notWritten' but stored`);
    if (row !== undefined && (row.n !== entity.n || row.label !== entity.label))
      wrong.push(`#${index} half-written: ${JSON.stringify(row)}`);
  });
  expect(wrong.slice(0, 20), `${wrong.length} entities contradict their outcome`).toEqual([]);
  return counts;
}
