import { describe, it } from 'vitest';
import { defineEntity } from '../../../../src/metadata/index.js';
import { Mapper } from '../../../../src/repository/mapper.js';
import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
import { RATE_LIMIT_SCRIPT, expectSlowDownAndRecovery } from './rate-limit-run.js';

/**
 * Flow control on the path users take: `saveMany` of 90 entities, one MutateRows request each (`batchMaxBytes: 1`),
 * sent one after the other, through the run of mutate-rows-flow-control.test.ts.
 */
class Gauge {
  id = '';
  reading = '';
}
defineEntity(Gauge, {
  table: 'gauges',
  key: [{ property: 'id' }],
  families: { d: {} },
  properties: { reading: { family: 'd', codec: 'string' } },
} as never);

const { server, connection } = useMockBigtableServer();

describe('saveMany under RateLimitInfo', () => {
  it('slows down when the service asks, and speeds up again', async () => {
    server().script('MutateRows', RATE_LIMIT_SCRIPT);
    const mapper = new Mapper(connection(), { batchMaxBytes: 1, batchConcurrency: 1 });
    const gauges = Array.from({ length: 90 }, (_, i) =>
      Object.assign(new Gauge(), { id: `g${i}`, reading: `${i}` }),
    );
    await mapper.repository(Gauge).saveMany(gauges);
    expectSlowDownAndRecovery(server().callsOf('MutateRows'));
  });
});
