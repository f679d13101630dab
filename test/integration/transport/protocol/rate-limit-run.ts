import { expect } from 'vitest';
import { defineEntity } from '../../../../src/metadata/index.js';
import type { MockScript, RecordedCall } from '../../../support/mock-bigtable-server.js';

/**
 * The flow-control run shared by the transport and the saveMany test: 90 MutateRows requests one after the other;
 * requests 0–29 answered plainly, 30–35 with RateLimitInfo asking to slow down (factor 0.5, clamped to 0.7), 36–45
 * to speed up (1.3), from 46 on plainly again (which turns flow control off). Every entry is answered OK.
 */
export const RATE_LIMIT_SCRIPT: MockScript = (call) => {
  const count = (call.request.entries as unknown[]).length;
  const factor = call.nth >= 30 && call.nth <= 35 ? 0.5 : call.nth >= 36 && call.nth <= 45 ? 1.3 : undefined;
  return [
    {
      response: {
        entries: Array.from({ length: count }, (_, index) => ({ index, status: { code: 0 } })),
        ...(factor === undefined ? {} : { rateLimitInfo: { period: { seconds: '0' }, factor } }),
      },
    },
  ];
};

const meanGap = (calls: readonly RecordedCall[], from: number, to: number): number =>
  (calls[to]!.at - calls[from]!.at) / (to - from);

/**
 * The run slowed down measurably when asked and sped up again: ratios of mean gaps between the recorded request
 * times, with generous margins (the limiter starts from the rate it observed, so a slower machine scales every
 * phase alike).
 */
export function expectSlowDownAndRecovery(calls: readonly RecordedCall[]): void {
  expect(calls).toHaveLength(90);
  const before = meanGap(calls, 1, 30);
  const slowed = meanGap(calls, 31, 40);
  const recovered = meanGap(calls, 50, 89);
  expect(slowed).toBeGreaterThanOrEqual(30);
  expect(slowed).toBeGreaterThanOrEqual(3 * before);
  expect(recovered * 3).toBeLessThanOrEqual(slowed);
  // Speeding up already while still limited: the last limited gap is shorter than the slowest one.
  const gaps = calls.slice(31, 47).map((c, i) => c.at - calls[30 + i]!.at);
  expect(gaps[gaps.length - 1]!).toBeLessThan(Math.max(...gaps));
}

/** The entity of the saveMany runs: one small row per gauge. */
export class Gauge {
  id = '';
  reading = '';
}
defineEntity(Gauge, {
  table: 'gauges',
  key: [{ property: 'id' }],
  families: { d: {} },
  properties: { reading: { family: 'd', codec: 'string' } },
} as never);

/** `count` gauges, `g0`… */
export function gaugesOf(count: number): Gauge[] {
  return Array.from({ length: count }, (_, i) =>
    Object.assign(new Gauge(), { id: `g${i}`, reading: `${i}` }),
  );
}
