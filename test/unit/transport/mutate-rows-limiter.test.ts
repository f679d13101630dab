import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITER_BOUNDS, MutateRowsLimiter } from '../../../src/transport/mutate-rows-limiter.js';

/** The limiter on a fake clock: slots, factors, periods and bounds. */
function limiter(): { l: MutateRowsLimiter; clock: { t: number } } {
  const clock = { t: 10_000 };
  return { l: new MutateRowsLimiter(DEFAULT_LIMITER_BOUNDS, () => clock.t), clock };
}

describe('MutateRowsLimiter', () => {
  it('never waits until the service sends a hint, and starts from the rate of the last second', () => {
    const { l, clock } = limiter();
    for (let i = 0; i < 50; i++) {
      expect(l.reserve()).toBe(0);
      l.onResponse(undefined); // plain answers keep it off and keep the observed rate
      clock.t += 10; // 100 requests/s, 50 of them within the last second
    }
    expect(l.enabled).toBe(false);
    l.onResponse({ periodMs: 0, factor: 1 });
    expect(l.enabled).toBe(true);
    expect(l.qps).toBe(50);
    expect(l.reserve()).toBe(0);
    expect(l.reserve()).toBe(20); // one slot per 1/50 s
    expect(l.reserve()).toBe(40);
  });

  it('clamps factors to [0.7, 1.3] and the rate to [0.1, 100000]', () => {
    const { l } = limiter();
    for (let i = 0; i < 10; i++) l.reserve();
    l.onResponse({ periodMs: 0, factor: 0.01 });
    expect(l.qps).toBeCloseTo(7, 6);
    for (let i = 0; i < 100; i++) l.onResponse({ periodMs: 0, factor: 0.01 });
    expect(l.qps).toBe(0.1);
    for (let i = 0; i < 200; i++) l.onResponse({ periodMs: 0, factor: 100 });
    expect(l.qps).toBe(100_000);
  });

  it('changes the rate at most once per period', () => {
    const { l, clock } = limiter();
    for (let i = 0; i < 10; i++) l.reserve();
    l.onResponse({ periodMs: 1_000, factor: 0.8 });
    expect(l.qps).toBeCloseTo(8, 6);
    clock.t += 500;
    l.onResponse({ periodMs: 1_000, factor: 0.8 });
    expect(l.qps).toBeCloseTo(8, 6);
    clock.t += 500;
    l.onResponse({ periodMs: 1_000, factor: 1.25 });
    expect(l.qps).toBeCloseTo(10, 6);
  });

  it('turns off on a response without a hint, and lowers the rate on overload failures only while on', () => {
    const { l } = limiter();
    l.onFailure(8);
    expect(l.enabled).toBe(false);
    for (let i = 0; i < 10; i++) l.reserve();
    l.onResponse({ periodMs: 0, factor: 1 });
    l.onFailure(3);
    expect(l.qps).toBe(10);
    l.onFailure(8);
    expect(l.qps).toBeCloseTo(7, 6);
    l.onResponse(undefined);
    expect(l.enabled).toBe(false);
    expect(l.reserve()).toBe(0);
    expect(l.reserve()).toBe(0);
  });

  it('pulls a far slot in when the rate goes up', () => {
    const { l } = limiter();
    l.reserve();
    l.onResponse({ periodMs: 0, factor: 0.7 }); // 1 request/s observed → 0.7/s
    l.reserve();
    expect(l.reserve()).toBeGreaterThan(1_000);
    for (let i = 0; i < 30; i++) l.onResponse({ periodMs: 0, factor: 1.3 });
    expect(l.reserve()).toBeLessThan(50);
  });
});
