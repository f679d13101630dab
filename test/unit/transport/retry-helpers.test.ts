import { describe, expect, it } from 'vitest';
import { abortableSleep } from '../../../src/transport/abortable-sleep.js';
import { isRetryableGrpcError } from '../../../src/transport/grpc-error.js';
import { resolveRetryPolicy } from '../../../src/transport/resolve-retry-policy.js';
import { DEFAULT_RETRY_POLICY } from '../../../src/transport/retry-policy.js';

describe('resolveRetryPolicy', () => {
  it('merges over defaults and refuses nonsense', () => {
    expect(resolveRetryPolicy({ maxAttempts: 2 }, DEFAULT_RETRY_POLICY)).toEqual({
      ...DEFAULT_RETRY_POLICY,
      maxAttempts: 2,
    });
    expect(resolveRetryPolicy(undefined, DEFAULT_RETRY_POLICY)).toEqual(DEFAULT_RETRY_POLICY);
    expect(() => resolveRetryPolicy({ maxAttempts: 0 }, DEFAULT_RETRY_POLICY)).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ maxAttempts: 1.5 }, DEFAULT_RETRY_POLICY)).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ initialBackoffMs: -1 }, DEFAULT_RETRY_POLICY)).toThrow(RangeError);
    expect(() =>
      resolveRetryPolicy({ maxBackoffMs: Number.POSITIVE_INFINITY }, DEFAULT_RETRY_POLICY),
    ).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ retryableCodes: 14 as never }, DEFAULT_RETRY_POLICY)).toThrow(
      TypeError,
    );
  });
});

describe('isRetryableGrpcError', () => {
  const codes = DEFAULT_RETRY_POLICY.retryableCodes;
  const e = (code: number, message = 'x'): Error => Object.assign(new Error(message), { code });

  it('follows the listed codes, plus INTERNAL stream resets', () => {
    expect([4, 8, 10, 14].map((c) => isRetryableGrpcError(e(c), codes))).toEqual([true, true, true, true]);
    expect([0, 1, 2, 3, 5, 9, 13].map((c) => isRetryableGrpcError(e(c), codes))).toEqual(
      Array(7).fill(false),
    );
    expect(isRetryableGrpcError(e(13, 'Received RST_STREAM with code 2'), codes)).toBe(true);
    expect(isRetryableGrpcError(e(5), [5])).toBe(true);
    expect(isRetryableGrpcError(new Error('no code'), codes)).toBe(false);
  });
});

describe('abortableSleep', () => {
  it('resolves after the delay, or rejects with the abort reason', async () => {
    const controller = new AbortController();
    const sleeping = abortableSleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    await expect(abortableSleep(1, AbortSignal.abort(new Error('early')))).rejects.toThrow('early');
    await expect(abortableSleep(1)).resolves.toBeUndefined();
  });
});
