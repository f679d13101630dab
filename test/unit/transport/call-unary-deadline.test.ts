import { describe, expect, it } from 'vitest';
import { DeadlineExceededError } from '../../../src/errors/deadline-exceeded-error.js';
import { OutcomeUnknownError } from '../../../src/errors/outcome-unknown-error.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { callUnary } from '../../../src/transport/call-unary.js';

// An attempt's gRPC deadline is capped by what is left of the call's deadline, so the service (or grpc-js) can
// answer DEADLINE_EXCEEDED a moment before the call's own deadline watch fires. Seen under load in
// test/reliability/admin-deadlines.test.ts as `TransportError: GetTable failed: Deadline exceeded` instead of
// DeadlineExceededError.
const connection = {
  ready: () => Promise.resolve(),
  closeSignal: new AbortController().signal,
} as unknown as BigtableConnection;

/** An attempt that fails with gRPC DEADLINE_EXCEEDED 30 ms before the deadline it was given. */
const earlyDeadline = (options: { timeout?: number }): Promise<never> =>
  new Promise((_, reject) =>
    setTimeout(
      () => reject(Object.assign(new Error('4 DEADLINE_EXCEEDED: Deadline exceeded'), { code: 4 })),
      Math.max(0, (options.timeout ?? 0) - 30),
    ),
  );

describe("callUnary at the call's deadline", () => {
  it('a read whose capped attempt answers DEADLINE_EXCEEDED first ends in DeadlineExceededError', async () => {
    const call = callUnary(connection, 'GetTable', earlyDeadline, {
      safety: 'read',
      client: 'admin',
      timeoutMs: 300,
      timeouts: { attemptMs: 10_000 },
      retry: { initialBackoffMs: 200, maxBackoffMs: 200 },
    });
    await expect(call).rejects.toBeInstanceOf(DeadlineExceededError);
  });

  it('the same when the attempt deadline equals the call deadline (an admin call: attemptMs = adminMs)', async () => {
    const call = callUnary(connection, 'GetTable', earlyDeadline, {
      safety: 'read',
      client: 'admin',
      deadlineAt: Date.now() + 300,
      timeoutMs: 300,
      timeouts: { attemptMs: 300, totalMs: 300 },
      retry: { initialBackoffMs: 200, maxBackoffMs: 200 },
    });
    await expect(call).rejects.toBeInstanceOf(DeadlineExceededError);
  });

  it('a write in the same case is an outcome unknown caused by the deadline', async () => {
    const call = callUnary(connection, 'MutateRow', earlyDeadline, {
      safety: 'write',
      client: 'admin',
      rowKey: new Uint8Array([1]),
      timeoutMs: 300,
      timeouts: { attemptMs: 10_000 },
      retry: { initialBackoffMs: 200, maxBackoffMs: 200 },
    });
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).cause).toBeInstanceOf(DeadlineExceededError);
  });

  it('an attempt deadline shorter than what is left stays a retryable transport failure', async () => {
    let attempts = 0;
    const call = callUnary(
      connection,
      'GetTable',
      () => {
        attempts += 1;
        return attempts < 3 ? earlyDeadline({ timeout: 40 }) : Promise.resolve('ok');
      },
      { safety: 'read', client: 'admin', timeoutMs: 10_000, timeouts: { attemptMs: 50 } },
    );
    await expect(call).resolves.toBe('ok');
    expect(attempts).toBe(3);
  });
});
