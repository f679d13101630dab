import { describe, expect, it } from 'vitest';
import { mutateRows } from '../../../../src/transport/mutate-rows.js';
import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
import { RATE_LIMIT_SCRIPT, expectSlowDownAndRecovery } from './rate-limit-run.js';

/**
 * Bulk-write flow control against the mock server: one batch sent as 90 requests, one after the other, through a
 * run that asks for a slow-down and then a speed-up (`RATE_LIMIT_SCRIPT`). The client must measurably slow down
 * and speed up again.
 */
const { server, connection } = useMockBigtableServer();

describe('MutateRows flow control (RateLimitInfo)', () => {
  it('slows down when the service asks, and speeds up again', async () => {
    server().script('MutateRows', RATE_LIMIT_SCRIPT);
    const entries = Array.from({ length: 90 }, (_, i) => ({
      rowKey: Buffer.from(`row-${i}`),
      mutations: [{ kind: 'deleteFromRow' as const }],
    }));
    const results = await mutateRows(connection(), 't', entries, { maxMutationsPerRequest: 1 });
    expect(results.every((r) => r.ok)).toBe(true);
    expectSlowDownAndRecovery(server().callsOf('MutateRows'));
  });
});
