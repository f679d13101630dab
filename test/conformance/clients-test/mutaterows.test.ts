import { describe, expect, it } from 'vitest';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import type { MockStep } from '../../support/mock-bigtable-server.js';
import { FAST_RETRY, clientsTestHarness, expectRoutingHeader, text } from './clients-test-support.js';

/** googleapis/cloud-bigtable-clients-test `tests/mutaterows_test.go`, re-enacted against the mock server. */
const { server, connection } = clientsTestHarness();

const entries = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    rowKey: Buffer.from(`row-${i}`),
    mutations: [
      {
        kind: 'setCell' as const,
        family: 'f',
        qualifier: Buffer.from('col'),
        timestampMicros: 1000n,
        value: Buffer.from('value'),
      },
    ],
  }));
/** The scenarios' buildEntryData: the mutated indices OK, the failed ones with `code`. */
function answer(mutated: number[], failed: number[], code = 0): MockStep {
  return {
    response: {
      entries: [
        ...mutated.map((index) => ({ index, status: { code: 0 } })),
        ...failed.map((index) => ({ index, status: { code, message: 'failed' } })),
      ],
    },
  };
}
const sentKeys = (nth: number): string[] =>
  (server().callsOf('MutateRows')[nth]!.request.entries as { rowKey: Buffer }[]).map((e) => text(e.rowKey));

describe('clients-test mutaterows_test.go', () => {
  it('TestMutateRows_Generic_Headers', async () => {
    server().script('MutateRows', [[answer([0, 1], [])]]);
    await mutateRows(connection(), 'table', entries(2));
    expectRoutingHeader(server().callsOf('MutateRows')[0]!.metadata, '');
  });

  it('TestMutateRows_NoRetry_NonTransientErrors', async () => {
    server().script('MutateRows', [[answer([0, 3], [1, 2], 7)]]);
    const results = await mutateRows(connection(), 'table', entries(4), FAST_RETRY);
    expect(server().callsOf('MutateRows')).toHaveLength(1);
    expect(results.map((r) => (r.ok ? 'ok' : `${r.outcome}:${r.grpcCode}`))).toEqual([
      'ok',
      'notWritten:7',
      'notWritten:7',
      'ok',
    ]);
  });

  it('TestMutateRows_NoRetry_DeadlineExceeded (2 s → 1 s timeout, 10 s → 5 s server delay)', async () => {
    server().script('MutateRows', [[{ delayMs: 5_000 }, answer([0], [])]]);
    const started = Date.now();
    const [result] = await mutateRows(connection(), 'table', entries(1), { ...FAST_RETRY, timeoutMs: 1_000 });
    const took = Date.now() - started;
    expect(server().callsOf('MutateRows')).toHaveLength(1);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
    // The entry was sent and not answered: its outcome is unknown (the clients-test reports DEADLINE_EXCEEDED).
    expect(result).toMatchObject({ ok: false, outcome: 'unknown' });
  });

  it('TestMutateRows_Retry_TransientErrors', async () => {
    server().script('MutateRows', [[answer([0, 3], [1, 2], 14)], [answer([1], [0], 14)], [answer([0], [])]]);
    const results = await mutateRows(connection(), 'table', entries(4), FAST_RETRY);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server().callsOf('MutateRows')).toHaveLength(3);
    expect(sentKeys(0)).toEqual(['row-0', 'row-1', 'row-2', 'row-3']);
    expect(sentKeys(1)).toEqual(['row-1', 'row-2']);
    expect(sentKeys(2)).toEqual(['row-1']);
  });

  it('TestMutateRows_RetryClientGap_ExponentialBackoff', async () => {
    server().script('MutateRows', [
      [answer([], [0], 14)],
      [answer([], [0], 14)],
      [answer([], [0], 14)],
      [answer([0], [])],
    ]);
    const [result] = await mutateRows(connection(), 'table', entries(1), {
      retry: { initialBackoffMs: 100, maxBackoffMs: 10_000 },
    });
    expect(result).toEqual({ ok: true });
    const at = server()
      .callsOf('MutateRows')
      .map((c) => c.at);
    expect(at).toHaveLength(4);
    // Full-jitter exponential backoff: ceilings 100, 200, 400 ms, each delay in [ceiling/2, ceiling].
    const delays = [at[1]! - at[0]!, at[2]! - at[1]!, at[3]! - at[2]!];
    expect(delays[2]!).toBeGreaterThan(delays[0]!);
    expect(delays[0]!).toBeGreaterThanOrEqual(45);
    expect(delays[2]!).toBeGreaterThanOrEqual(195);
  });
});
