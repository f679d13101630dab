import { describe, expect, it } from 'vitest';
import { OptimisticLockError } from '../../src/errors/optimistic-lock-error.js';
import { Profile, Tally, profile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';

/**
 * Issue 10, item 1: writers whose clocks disagree (RepositoryOptions.now skewed -100…+80 ms) must neither lose
 * optimistic-locking updates nor have an earlier-clocked save hidden behind a later-clocked one: the CONTRACT makes
 * every save "last arrival wins" per column and the version cell a single cell.
 */
describe('writers with skewed clocks', () => {
  const pair = useMapperPair([Tally, Profile]);

  it('10 skewed writers incrementing one versioned entity lose no update', async () => {
    const { direct } = pair();
    await direct.repository(Tally).save(Object.assign(new Tally(), { id: 'hot', count: 0, version: 0n }));
    const skews = Array.from({ length: 10 }, (_, i) => -100 + i * 20); // -100, -80, …, +80 ms
    const budget = { attempts: 1_000 };
    let successes = 0;
    const writer = async (skewMs: number): Promise<void> => {
      const tallies = pair().skewed(skewMs).repository(Tally);
      // Bounded by the shared attempt budget, not by time.
      while (budget.attempts > 0) {
        budget.attempts--;
        const current = await tallies.getOrThrow({ id: 'hot' });
        current.count += 1;
        try {
          await tallies.save(current);
          successes++;
        } catch (error) {
          if (!(error instanceof OptimisticLockError)) throw error;
        }
      }
    };
    await Promise.all(skews.map(writer));
    const stored = await direct.repository(Tally).getOrThrow({ id: 'hot' });
    expect(successes).toBeGreaterThan(0);
    expect(stored.count, `${successes} saves succeeded`).toBe(successes);
  });

  it('without a version, the save that arrives last wins whatever the writers’ clocks', async () => {
    const { skewed, direct } = pair();
    const fast = skewed(+80).repository(Profile); // writer B, clock ahead
    const slow = skewed(-100).repository(Profile); // writer A, clock behind
    const b = profile('clock', 'bbbbbb');
    const a = profile('clock', 'a');
    await fast.save(b);
    await slow.save(a); // arrives after B's save
    expect(await direct.repository(Profile).get({ id: 'clock' })).toEqual(a);
  });
});
