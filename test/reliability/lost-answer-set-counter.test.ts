import { describe, expect, it } from 'vitest';
import { Counter, Entity, Family, KeyPart } from '../../decorators/index.js';
import { OutcomeUnknownError } from '../../src/errors/outcome-unknown-error.js';
import { useMapperPair } from './support/mapper-pair.js';
import { sleep, waitUntil } from './support/wait-until.js';

@Entity({ table: 'lost_counters' })
@Family('stat')
class Meter {
  @KeyPart(0, 'string') id!: string;
  @Counter({ family: 'stat' }) hits!: bigint;
}

/**
 * `setCounter` whose answer is lost (docs/writes.md#setting-and-resetting-a-counter): the read-back confirms it only
 * while the set value is still the counter's newest cell, and it is never re-sent — a second set would wipe the
 * increments the server ordered after the first.
 */
describe('setCounter whose answer is lost', () => {
  const pair = useMapperPair([Meter], { proxied: { timeouts: { attemptMs: 300 } } });

  /**
   * Sets the counter through the proxy with its answers blackholed, waits until the server shows the value, runs
   * `meanwhile`, then cuts the link (the read-back retries on a new one) and returns how the set ended.
   */
  async function lose(key: { id: string }, meanwhile: () => Promise<unknown>): Promise<unknown> {
    const { proxy, proxied, direct } = pair();
    await proxied.repository(Meter).get({ id: 'warm-up' }); // the request must go out on a live link
    proxy.blackholeResponses();
    try {
      const settled = proxied
        .repository(Meter)
        .setCounter(key, 'hits', 100)
        .then(
          () => 'resolved',
          (error: unknown) => error,
        );
      const shown = async () => (await direct.repository(Meter).get(key))?.hits === 100n;
      expect(await waitUntil(shown, { maxPolls: 300, everyMs: 10 }), 'the set must reach the server').toBe(
        true,
      );
      await meanwhile();
      await sleep(400); // the attempt's deadline (300 ms) passes: outcome unknown, the read-back starts (and waits)
      proxy.cut();
      proxy.restore();
      return await settled;
    } finally {
      proxy.restore();
    }
  }

  it('resolves when the read-back finds the set value still the newest cell', async () => {
    const { direct } = pair();
    const key = { id: 'm1' };
    await direct.repository(Meter).increment(key, 'hits', 7);
    const outcome = await lose(key, async () => undefined);
    expect(outcome).toBe('resolved');
    expect((await direct.repository(Meter).getOrThrow(key)).hits).toBe(100n);
  });

  it('stays unknown, and is not re-sent, when an increment came after it', async () => {
    const { direct } = pair();
    const key = { id: 'm2' };
    await direct.repository(Meter).increment(key, 'hits', 7);
    // Ordered after the (applied) set: it counts from 100.
    const outcome = await lose(key, () => direct.repository(Meter).increment(key, 'hits', 1));
    expect(outcome).toBeInstanceOf(OutcomeUnknownError);
    expect((await direct.repository(Meter).getOrThrow(key)).hits).toBe(101n);
  });
});
