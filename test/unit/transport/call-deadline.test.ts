import { describe, expect, it } from 'vitest';
import { DeadlineExceededError } from '../../../src/errors/deadline-exceeded-error.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { readBackCall, READ_BACK_GRACE_MS } from '../../../src/write/confirm-written.js';
import { CallScope } from '../../../src/transport/call-scope.js';
import { bindDeadline } from '../../../src/transport/call-timeouts.js';

/** Issue 23, item 10: one deadline per public call, shared by its RPCs; the read-back's bounded grace. */
describe('bindDeadline', () => {
  it("fixes the call's own timeoutMs, else the default, from now; keeps only the signal", () => {
    const signal = new AbortController().signal;
    const before = Date.now();
    const own = bindDeadline({ signal, timeoutMs: 1_000, expectedVersion: 3n } as never, 60_000);
    expect(own.timeoutMs).toBe(1_000);
    expect(own.deadlineAt).toBeGreaterThanOrEqual(before + 1_000);
    expect(own.deadlineAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(Object.keys(own).sort()).toEqual(['deadlineAt', 'signal', 'timeoutMs']);
    expect(bindDeadline({}, 60_000).timeoutMs).toBe(60_000);
  });

  it('keeps a deadline already fixed (an enclosing call)', () => {
    const bound = { timeoutMs: 1_000, deadlineAt: 42 };
    expect(bindDeadline(bound, 60_000)).toBe(bound);
  });
});

describe('readBackCall', () => {
  it('keeps a deadline that leaves more than the grace', () => {
    const deadlineAt = Date.now() + 30_000;
    expect(readBackCall({ timeoutMs: 60_000, deadlineAt }).deadlineAt).toBe(deadlineAt);
  });

  it('stretches a spent deadline by the grace, at most the call’s own timeoutMs', () => {
    const past = Date.now() - 10;
    const before = Date.now();
    const long = readBackCall({ timeoutMs: 60_000, deadlineAt: past }).deadlineAt!;
    const short = readBackCall({ timeoutMs: 50, deadlineAt: past }).deadlineAt!;
    const after = Date.now();
    expect(long).toBeGreaterThanOrEqual(before + READ_BACK_GRACE_MS);
    expect(long).toBeLessThanOrEqual(after + READ_BACK_GRACE_MS);
    expect(short).toBeGreaterThanOrEqual(before + 50);
    expect(short).toBeLessThanOrEqual(after + 50);
  });

  it('passes an unbound call through (signal only)', () => {
    const signal = new AbortController().signal;
    expect(readBackCall({ signal })).toEqual({ signal });
    expect(readBackCall({})).toEqual({});
  });
});

describe('CallScope with a shared deadline', () => {
  // The connection's close signal, never aborted here.
  const open = new AbortController().signal;

  it('stops at once, before sending, when the shared deadline has passed', () => {
    const scope = new CallScope('MutateRow', open, { timeoutMs: 1_000, deadlineAt: Date.now() - 1 });
    try {
      expect(() => scope.throwIfStopped()).toThrow(DeadlineExceededError);
      // The error names the caller's budget, not what was left of it.
      expect((scope.stopReason() as DeadlineExceededError).deadlineMs).toBe(1_000);
    } finally {
      scope.dispose();
    }
  });

  it('stops at the shared deadline, not timeoutMs after its own start', async () => {
    const scope = new CallScope('ReadRows', open, { timeoutMs: 60_000, deadlineAt: Date.now() + 20 });
    try {
      expect(scope.remainingMs()!).toBeLessThanOrEqual(20);
      const stopped = new Promise<void>((resolve) => scope.onStop(resolve));
      await stopped;
      expect(scope.stopReason()).toBeInstanceOf(DeadlineExceededError);
    } finally {
      scope.dispose();
    }
  });

  it('still refuses a timeoutMs that is not a positive number', () => {
    expect(() => new CallScope('MutateRow', open, { timeoutMs: -1, deadlineAt: Date.now() + 10 })).toThrow(
      InvalidArgumentError,
    );
  });
});
