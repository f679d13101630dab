import { describe, expect, it } from 'vitest';
import { BigtableMapperError } from '../../src/errors/bigtable-mapper-error.js';
import { Profile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';
import { sleep } from './support/wait-until.js';

/**
 * A compare-and-set (`ifUnchanged`) whose answer is lost: it applied, so the condition no longer holds. Re-sending it
 * would see the new value and report a conflict for a write that was made; a read-back could not tell this write
 * from a concurrent one of the same values. So the outcome stays unknown, and nothing is re-sent.
 */
describe('update and delete with ifUnchanged whose answer is lost', () => {
  const pair = useMapperPair([Profile], { proxied: { timeouts: { attemptMs: 300 } } });
  const profile = (id: string, name: string): Profile =>
    Object.assign(new Profile(), {
      id,
      name,
      age: 1,
      avatar: new Uint8Array(),
      attrs: new Map(),
      tags: new Set(),
    });

  it('ends with OutcomeUnknownError, never a conflict, and the applied write stands', async () => {
    const { proxy, proxied, direct } = pair();
    await proxied.repository(Profile).save(profile('cas', 'old')); // the proxied connection is up
    proxy.blackholeResponses();
    const settled = proxied
      .repository(Profile)
      .update({ id: 'cas' }, { name: 'new' }, { ifUnchanged: { name: 'old' } })
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    await sleep(600); // the attempt's deadline passes unanswered
    proxy.restore();
    const outcome = await settled;
    expect(outcome).toBeInstanceOf(BigtableMapperError);
    expect((outcome as BigtableMapperError).code).toBe('OUTCOME_UNKNOWN');
    expect((await direct.repository(Profile).get({ id: 'cas' }))!.name).toBe('new');
  });

  it('a lost conditional delete stays unknown too', async () => {
    const { proxy, proxied, direct } = pair();
    await proxied.repository(Profile).save(profile('gone', 'old'));
    proxy.blackholeResponses();
    const settled = proxied
      .repository(Profile)
      .delete({ id: 'gone' }, { ifUnchanged: { name: 'old' } })
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    await sleep(600);
    proxy.restore();
    const outcome = await settled;
    expect((outcome as BigtableMapperError).code).toBe('OUTCOME_UNKNOWN');
    expect(await direct.repository(Profile).get({ id: 'gone' })).toBeUndefined();
  });
});
