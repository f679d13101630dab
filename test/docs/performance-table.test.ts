// README's performance table is a summary of bench/RESULTS.md: the same workloads in the same order with the same
// median ratios, so a new run cannot update one and leave the other stale.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The table rows of the first table after `heading`, as cell lists (header and rule excluded). */
function tableAfter(markdown: string, heading: RegExp): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  let seenTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('|')) {
      seenTable = true;
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    } else if (seenTable) break;
  }
  return rows.slice(2);
}

/** `1.27 [1.13–1.50]` → `1.27`; `—` stays. */
const median = (cell: string): string => cell.split(' ')[0]!;

describe('README performance table', () => {
  it('shows the medians of bench/RESULTS.md, workload by workload', () => {
    const results = tableAfter(readFileSync(`${ROOT}bench/RESULTS.md`, 'utf8'), /^# Benchmark results/);
    const readme = tableAfter(readFileSync(`${ROOT}README.md`, 'utf8'), /^## Performance/);
    expect(results.length).toBeGreaterThan(0);
    expect(readme.map((r) => [median(r[1]!), median(r[2]!)])).toEqual(
      results.map((r) => [median(r[2]!), median(r[3]!)]),
    );
    // The README names each workload in its own words, but with the row count of the run.
    readme.forEach((row, i) => expect(row[0]).toContain(results[i]![1]!));
  });
});
