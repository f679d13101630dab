// A smoke run of every benchmark workload on tiny sizes against the suite's emulator, so the benchmark cannot rot:
// each workload prepares, verifies that all variants return or write the same data, runs once, and reports.
// Nothing here looks at timings (tests never assert on wall-clock time).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BenchSession } from '../../bench/harness/bench-session.js';
import { openBenchSession } from '../../bench/harness/bench-session.js';
import { formatReport } from '../../bench/harness/format-report.js';
import type { WorkloadResult } from '../../bench/harness/run-workload.js';
import { runWorkload } from '../../bench/harness/run-workload.js';
import { formatScaling, runScaling } from '../../bench/harness/run-scaling.js';
import { formatStreamedLoad, runStreamedLoad } from '../../bench/harness/run-streamed-load.js';
import { WORKLOADS } from '../../bench/workloads/index.js';
import { expectSameReadings } from '../../bench/workloads/shared.js';
import { makeReading } from '../../bench/fixtures/reading.js';

let session: BenchSession;
const results: WorkloadResult[] = [];
const run = `smoke${Date.now().toString(36)}`;

beforeAll(async () => {
  session = await openBenchSession((inject as (key: string) => string)('bigtableEmulatorHost'));
});
afterAll(async () => {
  await session?.close();
});

describe('benchmark workloads (smoke sizes)', () => {
  it.each(WORKLOADS.map((w, i) => [w.name, w, i] as const))(
    '%s verifies and runs',
    async (_name, workload, i) => {
      const result = await runWorkload(workload, session.context(`${run}-${i}`), workload.size('smoke'), {
        repetitions: 1,
        serverPid: undefined,
      });
      expect(result.variants).toContain('library');
      expect(result.variants).toContain('raw');
      expect(result.size).toBeGreaterThan(0);
      expect(result.ratios.raw?.median).toBeGreaterThan(0);
      results.push(result);
    },
  );

  it('formats a report naming every workload', () => {
    const report = formatReport(results, { mode: 'smoke', repetitions: 1 });
    for (const w of WORKLOADS) expect(report).toContain(`| ${w.name} |`);
    // The traced workloads run the library with nothing registered beside it: tracing's cost, read off directly.
    const traced = results.filter((r) => r.variants.includes('off')).map((r) => r.name);
    expect(traced).toEqual(['point gets, no-op provider', 'point gets, SDK recording']);
    const overhead = report.slice(report.indexOf('## Tracing overhead'));
    for (const name of traced) expect(overhead).toMatch(new RegExp(`\\| ${name} \\| \\d`));
  });
});

describe('scaling run (smoke sizes)', () => {
  it('streams saveMany and a scan at each size and reports per-row cost relative to the smallest', async () => {
    const points = await runScaling(session.context(`${run}-scaling`), [20, 40]);
    expect(points.map((p) => p.rows)).toEqual([20, 40]);
    for (const p of points) {
      expect(p.saveUsPerRow).toBeGreaterThan(0);
      expect(p.scanUsPerRow).toBeGreaterThan(0);
    }
    const table = formatScaling(points);
    expect(table).toContain('| 20 |');
    expect(table).toContain('| 40 |');
  });
});

describe('verification refuses variants that disagree', () => {
  it('throws when a variant returned different or no readings', () => {
    const want = [makeReading('d', 1), makeReading('d', 2)];
    expect(() => expectSameReadings('raw', [makeReading('d', 1), makeReading('d', 2)], want)).not.toThrow();
    const changed = [makeReading('d', 1), Object.assign(makeReading('d', 2), { name: 'other' })];
    expect(() => expectSameReadings('raw', changed, want)).toThrow(/raw returned different readings/);
    expect(() => expectSameReadings('raw', [], [])).toThrow(/returned nothing/);
  });
});

describe('streamed load (smoke size)', () => {
  it('streams one saveMany over a window of rows, with progress for every entity and a bounded RSS growth', async () => {
    const result = await runStreamedLoad(session.context(`${run}-load`), {
      rows: 300,
      window: 50,
      maxRssGrowthMiB: 1024,
    });
    expect(result).toMatchObject({ rows: 300, distinctRows: 50 });
    expect(result.progressReports).toBeGreaterThan(0);
    expect(result.peakRssGrowthMiB).toHaveLength(10);
    expect(formatStreamedLoad(result, 1024)).toContain('300 entities');
  });

  it('refuses a run whose RSS grew past the bound', async () => {
    await expect(
      runStreamedLoad(session.context(`${run}-load-bound`), { rows: 100, window: 10, maxRssGrowthMiB: -1 }),
    ).rejects.toThrow(/peak RSS grew .* \(bound -1 MiB\)/);
  });
});
