import { describe, expect, it } from 'vitest';
import { BigtableMapperError } from '../../src/errors/bigtable-mapper-error.js';
import { Profile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';
import { sleep } from './support/wait-until.js';

/**
 * Found by the model-checked fault suite (test/model, soak seed 1014): `update` of a missing row with changes that
 * only delete cells (`{ note: undefined }`) resolved as applied when its answer was lost, because the read-back took
 * the absent row for one that "shows" the deletes. An update applies only to an existing row.
 */
describe('update whose answer is lost, on a missing row', () => {
  const pair = useMapperPair([Profile], { proxied: { timeouts: { attemptMs: 300 } } });

  it('does not resolve as applied when the read-back finds no row', async () => {
    const { proxy, proxied, direct } = pair();
    const repo = proxied.repository(Profile);
    proxy.blackholeResponses();
    const settled = repo.update({ id: 'missing' }, { note: undefined }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await sleep(600); // the attempt's deadline passes: outcome unknown, the read-back starts (and waits)
    proxy.cut(); // the blackholed connection is dropped; the read-back retries on a new one
    proxy.restore();
    const outcome = await settled;
    expect(outcome, 'the update must not report success on a missing row').toBeInstanceOf(
      BigtableMapperError,
    );
    expect(['OUTCOME_UNKNOWN', 'NOT_FOUND']).toContain((outcome as BigtableMapperError).code);
    expect(await direct.repository(Profile).get({ id: 'missing' })).toBeUndefined();
  });
});
