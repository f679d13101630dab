import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../../src/errors/outcome-unknown-error.js';
import type { TransportError } from '../../../src/errors/transport-error.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { checkAndMutateRow } from '../../../src/transport/check-and-mutate-row.js';
import {
  clientsTestHarness,
  expectDeadline,
  closeClientScenario,
  expectRoutingHeader,
  setCells,
  within,
} from './clients-test-support.js';

/** googleapis/cloud-bigtable-clients-test `tests/checkandmutaterow_test.go`, re-enacted against the mock server. */
const { server, connection, profiled } = clientsTestHarness();

const check = (
  matched: boolean,
  key = 'row-01',
  count = 2,
  conn: BigtableConnection = connection(),
  timeoutMs?: number,
) =>
  checkAndMutateRow(
    conn,
    'table',
    Buffer.from(key),
    matched ? { onMatch: setCells(count) } : { onNoMatch: setCells(count) },
    timeoutMs === undefined ? {} : { timeoutMs },
  );
const answer = (predicateMatched: boolean) => [{ response: { predicateMatched } }];

describe('clients-test checkandmutaterow_test.go', () => {
  it('TestCheckAndMutateRow_Generic_Headers', async () => {
    server().script('CheckAndMutateRow', [answer(true)]);
    await check(true, 'row-01', 1, profiled());
    expectRoutingHeader(server().callsOf('CheckAndMutateRow')[0]!.metadata, 'test_profile');
  });

  it('TestCheckAndMutateRow_NoRetry_TrueMutations', async () => {
    server().script('CheckAndMutateRow', [answer(true)]);
    expect(await check(true)).toBe(true);
    const { request } = server().callsOf('CheckAndMutateRow')[0]!;
    expect(request.trueMutations).toHaveLength(2);
    expect(request.falseMutations ?? []).toHaveLength(0);
  });

  it('TestCheckAndMutateRow_NoRetry_FalseMutations', async () => {
    server().script('CheckAndMutateRow', [answer(false)]);
    expect(await check(false)).toBe(false);
    const { request } = server().callsOf('CheckAndMutateRow')[0]!;
    expect(request.falseMutations).toHaveLength(2);
    expect(request.trueMutations ?? []).toHaveLength(0);
  });

  it('TestCheckAndMutateRow_Generic_MultiStreams', async () => {
    const matched = [false, true, true, false, false];
    server().script('CheckAndMutateRow', (call) => [
      { delayMs: 300 },
      { response: { predicateMatched: matched[Number(String(call.request.rowKey).slice(2, 3))] } },
    ]);
    const results = await Promise.all(matched.map((m, i) => check(m, `op${i}-row`, 1)));
    expect(results).toEqual(matched);
    expect(
      within(
        server()
          .callsOf('CheckAndMutateRow')
          .map((c) => c.at),
        1000,
      ),
    ).toBe(true);
  });

  it('TestCheckAndMutateRow_NoRetry_TransientError', async () => {
    server().script('CheckAndMutateRow', [[{ error: { code: 14 } }], answer(false)]);
    const error = await check(false).catch((e: unknown) => e);
    // Sent and not applied for sure: the outcome is unknown, the UNAVAILABLE is the cause.
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(((error as OutcomeUnknownError).cause as TransportError).grpcCode).toBe(14);
    expect(server().callsOf('CheckAndMutateRow')).toHaveLength(1);
  });

  it('TestCheckAndMutateRow_Generic_CloseClient (in-flight calls cancelled: outcome unknown; later ones never sent)', async () => {
    server().script('CheckAndMutateRow', [[{ delayMs: 2_000 }, ...answer(true)]]);
    const inFlight = await closeClientScenario(server(), 'CheckAndMutateRow', (c, i) =>
      check(true, `op${i}-row`, 1, c),
    );
    for (const result of inFlight) expect(result).toBeInstanceOf(OutcomeUnknownError);
  });

  it('TestCheckAndMutateRow_Generic_DeadlineExceeded (2 s → 1 s timeout, 10 s → 5 s server delay)', async () => {
    server().script('CheckAndMutateRow', [[{ delayMs: 5_000 }, ...answer(true)]]);
    const started = Date.now();
    const error = await check(true, 'row-01', 2, connection(), 1_000).catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
    // A write cut off by its deadline: outcome unknown, the deadline its cause.
    expectDeadline(error, true);
  });
});
