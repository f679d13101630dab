import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { describe, expect, it } from 'vitest';
import { abortableSleep } from '../../../src/transport/abortable-sleep.js';
import { failureDelivery, isPermanentFailure, mayRetry } from '../../../src/transport/failure-delivery.js';
import { resolveRetryPolicy } from '../../../src/transport/resolve-retry-policy.js';
import { DEFAULT_RETRY_POLICY } from '../../../src/transport/retry-policy.js';

describe('resolveRetryPolicy', () => {
  it('merges over defaults and refuses nonsense', () => {
    expect(resolveRetryPolicy({ maxAttempts: 2 }, DEFAULT_RETRY_POLICY)).toEqual({
      ...DEFAULT_RETRY_POLICY,
      maxAttempts: 2,
    });
    expect(resolveRetryPolicy(undefined, DEFAULT_RETRY_POLICY)).toEqual(DEFAULT_RETRY_POLICY);
    expect(() => resolveRetryPolicy({ maxAttempts: 0 }, DEFAULT_RETRY_POLICY)).toThrow(InvalidArgumentError);
    expect(() => resolveRetryPolicy({ maxAttempts: 1.5 }, DEFAULT_RETRY_POLICY)).toThrow(
      InvalidArgumentError,
    );
    expect(() => resolveRetryPolicy({ initialBackoffMs: -1 }, DEFAULT_RETRY_POLICY)).toThrow(
      InvalidArgumentError,
    );
    expect(() =>
      resolveRetryPolicy({ maxBackoffMs: Number.POSITIVE_INFINITY }, DEFAULT_RETRY_POLICY),
    ).toThrow(InvalidArgumentError);
    expect(() => resolveRetryPolicy({ retryableCodes: 14 as never }, DEFAULT_RETRY_POLICY)).toThrow(
      InvalidArgumentError,
    );
    expect(() => resolveRetryPolicy({ maxElapsedMs: -5 }, DEFAULT_RETRY_POLICY)).toThrow(/maxElapsedMs/);
  });
});

describe('failureDelivery and mayRetry', () => {
  const e = (code: number, details: string): Error => Object.assign(new Error(details), { code, details });
  const codes = DEFAULT_RETRY_POLICY.retryableCodes;

  it('knows the failures grpc-js reports before anything was sent', () => {
    for (const details of [
      'No connection established. Last error: connect ECONNREFUSED 127.0.0.1:1',
      'Stream refused by server',
      'Received HTTP status code 429',
      'Failed to start HTTP/2 stream with error: session closed',
    ]) {
      expect(failureDelivery(e(details.startsWith('Failed') ? 13 : 14, details)), details).toBe('notSent');
    }
  });

  it('treats a dropped link, a deadline and a cancel as unknown, and statuses the service sent as answers', () => {
    expect(failureDelivery(e(14, 'Connection dropped'))).toBe('unknown');
    expect(failureDelivery(e(4, 'Deadline exceeded after 1.001s'))).toBe('unknown');
    expect(failureDelivery(e(1, 'Cancelled on client'))).toBe('unknown');
    expect(failureDelivery(e(13, 'Received RST_STREAM with code 2'))).toBe('unknown');
    expect(failureDelivery(e(5, 'table not found'))).toBe('answered');
    expect(failureDelivery(e(10, 'aborted'))).toBe('answered');
    expect(failureDelivery(new Error('no code'))).toBe('unknown');
  });

  it('retries reads on retryable codes, writes only when nothing can have applied', () => {
    expect(mayRetry('read', e(14, 'Connection dropped'), codes)).toBe(true);
    expect(mayRetry('write', e(14, 'Connection dropped'), codes)).toBe(false);
    expect(mayRetry('write', e(4, 'Deadline exceeded'), codes)).toBe(false);
    expect(mayRetry('write', e(14, 'No connection established'), codes)).toBe(true);
    expect(mayRetry('write', e(10, 'aborted'), codes)).toBe(true);
    expect(mayRetry('write', e(5, 'not found'), codes)).toBe(false);
    expect(mayRetry('read', e(13, 'Received RST_STREAM with code 2'), codes)).toBe(true);
    expect(mayRetry('read', e(3, 'bad request'), codes)).toBe(false);
  });

  it('never retries a request too large for the service, whatever the code list says', () => {
    const tooLarge = e(8, 'Received message larger than max (300000000 vs 268435456)');
    expect(isPermanentFailure(tooLarge)).toBe(true);
    expect(mayRetry('read', tooLarge, codes)).toBe(false);
    expect(mayRetry('write', tooLarge, codes)).toBe(false);
    expect(mayRetry('write', e(8, 'quota exceeded'), codes)).toBe(true);
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
