// bench/RESULTS.md: ratios first (what the targets are stated in), then absolute numbers for context, with the
// machine and versions they were measured on.
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import type { WorkloadResult } from './run-workload.js';
import { formatSpread } from './stats.js';

function version(pkg: string): string {
  try {
    // Run from the repository root (scripts/bench.mjs), whether from sources or from the compiled build.
    const path = `${process.cwd()}/node_modules/${pkg}/package.json`;
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

const fmt = (n: number | undefined, digits = 2): string => (n === undefined ? '—' : n.toFixed(digits));
const rate = (n: number | undefined): string =>
  n === undefined ? '—' : Math.round(n).toLocaleString('en-US');

export function formatReport(
  results: readonly WorkloadResult[],
  run: { readonly mode: string; readonly repetitions: number },
): string {
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench${run.mode === 'full' ? ' -- --full' : ''}\` ` +
      `(${run.mode} mode, ${run.repetitions} repetitions; the variants take each block of work in turns).`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
      `Node ${process.version}; @google-cloud/bigtable ${version('@google-cloud/bigtable')}; ` +
      'the Bigtable emulator (cbtemulator) on the same machine.',
    '',
    '"raw" is hand-written code on the generated v2 client (hand-written encode/decode, the same requests a ' +
      'careful user would send); "HL" is the `Table` API of `@google-cloud/bigtable`. Ratios are library time ' +
      '÷ variant time per repetition: median [min–max]; below 1 means the library is faster.',
    '',
    '| workload | rows | library / raw | library / HL | rows/s library · raw · HL | client CPU s library · raw · HL | emulator CPU s library · raw · HL |',
    '|---|---:|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.name} | ${r.size.toLocaleString('en-US')} | ${formatSpread(r.ratios.raw)} | ${formatSpread(r.ratios.hl)} | ` +
        `${rate(r.rowsPerSecond.library)} · ${rate(r.rowsPerSecond.raw)} · ${rate(r.rowsPerSecond.hl)} | ` +
        `${fmt(r.clientCpuS.library)} · ${fmt(r.clientCpuS.raw)} · ${fmt(r.clientCpuS.hl)} | ` +
        `${fmt(r.serverCpuS.library)} · ${fmt(r.serverCpuS.raw)} · ${fmt(r.serverCpuS.hl)} |`,
    );
  }
  const traced = results.filter((r) => r.ratios.off !== undefined);
  if (traced.length > 0) {
    lines.push(
      '',
      '## Tracing overhead',
      '',
      '"library" runs with the OpenTelemetry provider the workload names registered; "off" is the same library ' +
        'calls with nothing registered, taking the blocks in turns with it in the same run (issue 25: the SDK ' +
        'recording within 10% of tracing off). Raw runs under the same registration and instruments itself by ' +
        'hand (a span around each read and its duration point): `library / raw` compares the instrumentations, and ' +
        '`raw / raw off` is what the same SDK costs that hand-written code (raw off: no registration, no instrumentation). ' +
        "Client CPU per call is this process's CPU time (median repetition) ÷ calls.",
      '',
      '| workload | library / off | library / raw (instrumented by hand) | raw / raw off | rows/s library · off · raw · raw off | client CPU µs per call library · off · raw · raw off |',
      '|---|---|---|---|---|---|',
    );
    const perCall = (r: WorkloadResult, cpuS: number | undefined): string =>
      cpuS === undefined ? '—' : ((cpuS / r.size) * 1e6).toFixed(0);
    for (const r of traced) {
      lines.push(
        `| ${r.name} | ${formatSpread(r.ratios.off)} | ${formatSpread(r.ratios.raw)} | ${formatSpread(r.rawByHand)} | ` +
          `${rate(r.rowsPerSecond.library)} · ${rate(r.rowsPerSecond.off)} · ${rate(r.rowsPerSecond.raw)} · ${rate(r.rowsPerSecond.rawOff)} | ` +
          `${perCall(r, r.clientCpuS.library)} · ${perCall(r, r.clientCpuS.off)} · ${perCall(r, r.clientCpuS.raw)} · ${perCall(r, r.clientCpuS.rawOff)} |`,
      );
    }
  }
  lines.push('', '## Workloads', '');
  for (const r of results) {
    lines.push(`- **${r.name}**: ${r.description}.${r.hlNote ? ` HL: ${r.hlNote}.` : ''}`);
  }
  lines.push('');
  return lines.join('\n');
}
