import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmulatorUnavailableError } from '../../../src/errors/emulator-unavailable-error.js';
import { OutcomeUnknownError } from '../../../src/errors/outcome-unknown-error.js';
import { TransportError } from '../../../src/errors/transport-error.js';
import { locateEmulator, emulatorCandidates } from '../../../src/testing/locate-emulator.js';
import { freePort, spawnEmulator } from '../../../src/testing/spawn-emulator.js';
import { startEmulator } from '../../../src/testing/start-emulator.js';
import { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { createTable } from '../../../src/transport/table-admin.js';
import { processAlive as alive } from '../../support/process-alive.js';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

const noEmulatorEnv = { PATH: '', BIGTABLE_EMULATOR_HOST: '' };

describe('locating the emulator', () => {
  it('searches CBTEMULATOR, then PATH, then well-known SDK paths', () => {
    const list = emulatorCandidates({ CBTEMULATOR: '/x/cbt', PATH: '/a:/b' });
    expect(list.slice(0, 3)).toEqual(['/x/cbt', '/a/cbtemulator', '/b/cbtemulator']);
    expect(list).toContain('/usr/lib/google-cloud-sdk/platform/bigtable-emulator/cbtemulator');
  });

  it('finds an executable on PATH and ignores a non-executable one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cbt-'));
    const bin = join(dir, 'cbtemulator');
    writeFileSync(bin, '#!/bin/sh\n');
    const search = { wellKnownPaths: false, gcloud: false };
    expect(locateEmulator({ PATH: dir }, search)).toBeUndefined();
    chmodSync(bin, 0o755);
    expect(locateEmulator({ PATH: dir }, search)).toBe(bin);
  });
});

describe('startEmulator', () => {
  it('uses BIGTABLE_EMULATOR_HOST as is and never stops it', async () => {
    const handle = await startEmulator({ env: { BIGTABLE_EMULATOR_HOST: 'localhost:1234' } });
    expect(handle).toMatchObject({ host: 'localhost', port: 1234, source: 'env' });
    await handle.stop();
  });

  it('fails fast with one error naming all three ways when nothing is available', async () => {
    const started = Date.now();
    const error = await startEmulator({
      env: noEmulatorEnv,
      search: { wellKnownPaths: false, gcloud: false },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorUnavailableError);
    const message = (error as Error).message;
    expect(message).toMatch(/BIGTABLE_EMULATOR_HOST/);
    expect(message).toMatch(/cbtemulator/);
    expect(message).toMatch(/Docker/);
    expect(Date.now() - started).toBeLessThan(30_000); // a generous bound against hangs, not a timing claim
  });

  it('starts the local binary on a free port and stop() ends it', async () => {
    const handle = await startEmulator({ env: { ...process.env, BIGTABLE_EMULATOR_HOST: '' } });
    expect(handle.source).toBe('binary');
    expect(await accepts(handle.port)).toBe(true);
    expect(handle.pid).toBeGreaterThan(0);
    expect(alive(handle.pid!)).toBe(true);
    await handle.stop();
    // The process, not the port: under load another test's emulator may be handed the freed port at once.
    expect(await eventually(async () => !alive(handle.pid!), 20_000)).toBe(true);
  });

  it('picks another port when the chosen one is taken', async () => {
    const blocker = createServer();
    const taken = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    const ports = [taken];
    const binary = locateEmulator();
    expect(binary).toBeDefined();
    const handle = await spawnEmulator(binary!, {
      pickPort: async () => ports.shift() ?? freePort(),
    });
    try {
      expect(handle.port).not.toBe(taken);
      expect(await accepts(handle.port)).toBe(true);
    } finally {
      await handle.stop();
      blocker.close();
    }
  });

  it('leaves no emulator behind when the process that started it is killed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/testing/start-and-hang.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const hostPort = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /READY (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    const port = Number(hostPort.split(':')[1]);
    expect(await accepts(port)).toBe(true);
    child.kill('SIGKILL');
    expect(await eventually(async () => !(await accepts(port)), 10_000)).toBe(true);
  });

  it('a test whose emulator dies gets a TransportError, not a hang', async () => {
    const handle = await startEmulator({ env: { ...process.env, BIGTABLE_EMULATOR_HOST: '' } });
    const conn = BigtableConnection.connect({
      projectId: 'p',
      instanceId: 'i',
      emulatorHost: handle.hostPort,
    });
    try {
      await createTable(conn, 'dies', { f: {} });
      await handle.stop();
      const error = await mutateRow(conn, 'dies', Buffer.from('k'), [{ kind: 'deleteFromRow' }], {
        retry: { maxElapsedMs: 2_000 },
      }).catch((e: unknown) => e);
      // Whether the write still went out on the dying connection (no answer: OutcomeUnknownError) or found no
      // connection (never sent, retried, then UNAVAILABLE) depends on when the channel notices: both are typed.
      const transport = error instanceof OutcomeUnknownError ? error.cause : error;
      expect(transport).toBeInstanceOf(TransportError);
      expect((transport as TransportError).grpcCode).toBe(14);
    } finally {
      await conn.close();
      await handle.stop();
    }
  });
});
