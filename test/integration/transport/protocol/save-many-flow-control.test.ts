import { describe, it } from 'vitest';
import { Mapper } from '../../../../src/repository/mapper.js';
import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
import { Gauge, RATE_LIMIT_SCRIPT, expectSlowDownAndRecovery, gaugesOf } from './rate-limit-run.js';

/**
 * Flow control on the path users take: `saveMany` of 90 entities, one MutateRows request each (`batchMaxBytes: 1`),
 * sent one after the other, through the run of mutate-rows-flow-control.test.ts.
 */
const { server, connection } = useMockBigtableServer();

describe('saveMany under RateLimitInfo', () => {
  it('slows down when the service asks, and speeds up again', async () => {
    server().script('MutateRows', RATE_LIMIT_SCRIPT);
    const mapper = new Mapper(connection(), { batchMaxBytes: 1, batchConcurrency: 1 });
    await mapper.repository(Gauge).saveMany(gaugesOf(90));
    expectSlowDownAndRecovery(server().callsOf('MutateRows'));
  });
});
