import { describe, expect, it } from 'vitest';
import { BigtableMapperError } from '../../src/errors/bigtable-mapper-error.js';
import { LockedProfile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';
import { sleep } from './support/wait-until.js';

/**
 * Found by the model-checked fault suite (test/model, soak seed 5375): `delete(copy)` of a versioned entity whose
 * row was already deleted resolved as applied when its answer was lost, because the read-back took the absent row
 * for one that "shows" the delete. A versioned delete is conditional on the exact version cell the copy was read
 * with: an absent row cannot tell whether this delete ran or the condition failed (OptimisticLockError without the
 * fault), so the outcome stays unknown.
 */
describe('versioned delete whose answer is lost, on a row already deleted', () => {
  const pair = useMapperPair([LockedProfile], { proxied: { timeouts: { attemptMs: 300 } } });

  it('does not resolve as applied when the read-back finds no row', async () => {
    const { proxy, proxied, direct } = pair();
    const repo = proxied.repository(LockedProfile);
    const copy = Object.assign(new LockedProfile(), {
      id: 'gone',
      name: 'Ada',
      age: 36,
      attrs: new Map(),
      tags: new Set(),
    });
    await repo.save(copy);
    await direct.repository(LockedProfile).delete({ id: 'gone' });
    proxy.blackholeResponses();
    const settled = repo.delete(copy).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await sleep(600); // the attempt's deadline passes: outcome unknown, the read-back starts (and waits)
    proxy.cut(); // the blackholed connection is dropped; the read-back retries on a new one
    proxy.restore();
    const outcome = await settled;
    expect(outcome, 'a conditional delete must not report success it cannot know').toBeInstanceOf(
      BigtableMapperError,
    );
    expect(['OUTCOME_UNKNOWN', 'OPTIMISTIC_LOCK']).toContain((outcome as BigtableMapperError).code);
  });

  it('a versioned delete that the server answers still resolves', async () => {
    const repo = pair().direct.repository(LockedProfile);
    const copy = Object.assign(new LockedProfile(), {
      id: 'live',
      name: 'Ada',
      age: 36,
      attrs: new Map(),
      tags: new Set(),
    });
    await repo.save(copy);
    await repo.delete(copy);
    expect(await repo.get({ id: 'live' })).toBeUndefined();
  });
});
