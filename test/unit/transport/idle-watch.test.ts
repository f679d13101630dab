import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleWatch } from '../../../src/transport/idle-watch.js';

describe('IdleWatch', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('fires a watch after its idle time, never one stopped before', () => {
    const watch = new IdleWatch();
    const fired: string[] = [];
    watch.start(100, () => fired.push('a'));
    const stopB = watch.start(100, () => fired.push('b'));
    vi.advanceTimersByTime(99);
    stopB();
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['a']);
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual(['a']);
  });

  it('a shorter watch started after a longer one fires on time, and the longer one still fires', () => {
    const watch = new IdleWatch();
    const fired: Array<[string, number]> = [];
    const start = Date.now();
    watch.start(1_000, () => fired.push(['long', Date.now() - start]));
    watch.start(50, () => fired.push(['short', Date.now() - start]));
    vi.advanceTimersByTime(2_000);
    expect(fired).toEqual([
      ['short', 50],
      ['long', 1_000],
    ]);
  });

  it('a watch restarted after each answer fires only after a full idle time of silence', () => {
    const watch = new IdleWatch();
    let fired = 0;
    let stop = watch.start(100, () => fired++);
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(80);
      stop();
      stop = watch.start(100, () => fired++);
    }
    expect(fired).toBe(0);
    vi.advanceTimersByTime(100);
    expect(fired).toBe(1);
  });
});
