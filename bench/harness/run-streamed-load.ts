// The issue's bulk-load target: `saveMany` takes an async generator of millions of entities and loads them with
// bounded memory, reporting progress. Only `--full` (10,000,000) or `--load <rows>` runs it; it is the library
// alone, so there is no ratio, only throughput and the process's peak RSS growth at every tenth of the load.
import { Reading, makeReading } from '../fixtures/reading.js';
import type { BenchContext } from './workload.js';

/**
 * Distinct rows the load cycles over: every save overwrites the row's columns (DeleteFromColumn + SetCell) and its
 * tag family, so the in-memory emulator holds at most this many rows however long the load, while the client does
 * all the work of every save.
 */
const DEFAULT_WINDOW = 100_000;

export interface StreamedLoadResult {
  readonly rows: number;
  readonly distinctRows: number;
  readonly seconds: number;
  /** Peak RSS above the RSS before the load, MiB, after each tenth of the load (in order). */
  readonly peakRssGrowthMiB: readonly number[];
  readonly progressReports: number;
}

export interface StreamedLoadOptions {
  readonly rows: number;
  /** Refuse the run (throw) when peak RSS growth exceeds this, MiB. */
  readonly maxRssGrowthMiB: number;
  readonly window?: number;
  readonly log?: (line: string) => void;
}

/**
 * Streams `rows` entities through one `saveMany` call from an async generator and samples RSS as it goes; throws
 * when the peak RSS growth exceeds the bound (memory that grew with the input would pass it by far: 10,000,000
 * materialised readings take several GiB) or when progress did not account for every entity.
 */
export async function runStreamedLoad(
  context: BenchContext,
  options: StreamedLoadOptions,
): Promise<StreamedLoadResult> {
  const { rows, maxRssGrowthMiB } = options;
  const window = Math.min(options.window ?? DEFAULT_WINDOW, rows);
  const repo = context.mapper.repository(Reading);
  const device = `${context.runId}-load`;
  const start = process.memoryUsage.rss();
  let peak = start;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 20);
  const tenth = Math.max(1, Math.floor(rows / 10));
  const growth: number[] = [];
  let reports = 0;
  let last = { consumed: 0, written: 0 };
  async function* readings(): AsyncGenerator<Reading> {
    for (let i = 0; i < rows; i++) {
      if (i > 0 && i % tenth === 0) {
        sample();
        growth.push((peak - start) / 2 ** 20);
        options.log?.(
          `  load: ${i.toLocaleString('en-US')} taken, peak RSS +${growth.at(-1)!.toFixed(0)} MiB`,
        );
      }
      yield makeReading(device, i % window);
    }
  }
  const t0 = performance.now();
  try {
    await repo.saveMany(readings(), {
      onProgress: (p) => {
        reports++;
        last = p;
      },
    });
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - t0) / 1000;
  sample();
  growth.push((peak - start) / 2 ** 20);
  if (last.consumed !== rows || last.written !== rows) {
    throw new Error(`progress ended at ${last.consumed} consumed, ${last.written} written of ${rows}`);
  }
  const worst = Math.max(...growth);
  if (worst > maxRssGrowthMiB) {
    throw new Error(`peak RSS grew ${worst.toFixed(0)} MiB during the load (bound ${maxRssGrowthMiB} MiB)`);
  }
  return { rows, distinctRows: window, seconds, peakRssGrowthMiB: growth, progressReports: reports };
}

/** The streamed-load section of bench/RESULTS.md. */
export function formatStreamedLoad(result: StreamedLoadResult | undefined, maxRssGrowthMiB: number): string {
  if (!result) return '';
  const rate = Math.round(result.rows / result.seconds).toLocaleString('en-US');
  return [
    '## Streamed load (library alone)',
    '',
    `One \`saveMany\` of ${result.rows.toLocaleString('en-US')} entities from an async generator (cycling over ` +
      `${result.distinctRows.toLocaleString('en-US')} rows, so the emulator's memory stays bounded; every save is ` +
      `a full write): ${result.seconds.toFixed(0)} s, ${rate} entities/s, ${result.progressReports.toLocaleString('en-US')} ` +
      `progress reports. Peak RSS growth after each tenth of the load (bound asserted: ${maxRssGrowthMiB} MiB): ` +
      `${result.peakRssGrowthMiB.map((g) => `${g.toFixed(0)}`).join(' · ')} MiB.`,
    '',
  ].join('\n');
}
