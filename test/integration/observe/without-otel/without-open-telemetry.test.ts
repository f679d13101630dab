import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { EMULATOR_HOST_KEY } from '../../../../src/testing/vitest/emulator-global-setup.js';

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

/**
 * `@opentelemetry/api` is an optional peer dependency: in a process where it cannot be resolved the library still
 * loads and runs (writes, reads, events), it only emits no spans or metrics.
 */
describe('without @opentelemetry/api installed', () => {
  it('the library loads, saves, reads and reports events', async () => {
    const host = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY) as string;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--require', here('./hide-open-telemetry.cjs'), '--import', 'tsx', here('./run-without-otel.ts')],
      {
        env: { ...process.env, EMULATOR_HOST: host, TABLE: `no_otel_${process.pid}_${Date.now()}` },
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      hidden: true,
      loaded: false,
      name: 'one',
      // mapper.createTable is a call too (schema operations are observed).
      calls: ['createTable:ok:0', 'save:ok:0', 'get:ok:1'],
    });
  }, 90_000);
});
