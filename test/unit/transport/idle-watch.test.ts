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

  it('a re-armed watch fires only after a full idle time since its last arming, never while disarmed or stopped', () => {
    const watch = new IdleWatch();
    let fired = 0;
    const idle = watch.watch(100, () => fired++);
    vi.advanceTimersByTime(1_000);
    expect(fired).toBe(0); // created disarmed
    idle.arm();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(80);
      idle.disarm();
      vi.advanceTimersByTime(500); // the consumer's time: not silence
      idle.arm();
    }
    expect(fired).toBe(0);
    vi.advanceTimersByTime(99);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(fired).toBe(1); // fired once, then forgotten until armed again
    idle.arm();
    idle.stop();
    vi.advanceTimersByTime(1_000);
    expect(fired).toBe(1);
    idle.arm();
    vi.advanceTimersByTime(100);
    expect(fired).toBe(2);
  });

  it('a watch re-armed beyond the timer is fired at its own deadline, and others keep theirs', () => {
    const watch = new IdleWatch();
    const fired: Array<[string, number]> = [];
    const start = Date.now();
    const a = watch.watch(100, () => fired.push(['a', Date.now() - start]));
    a.arm();
    watch.start(250, () => fired.push(['b', Date.now() - start]));
    vi.advanceTimersByTime(90);
    a.arm(); // now due at 190
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([
      ['a', 190],
      ['b', 250],
    ]);
  });
});
