import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createMapperPair } from './support/mapper-pair.js';
import { allThreadsStopped, startPrivateEmulator } from './support/private-emulator.js';
import { waitUntil } from './support/wait-until.js';
import { Item, item } from './support/entities.js';
import { processAlive as alive } from '../support/process-alive.js';

describe('a private emulator', () => {
  it('reports the emulator pid (not the watchdog), serves a mapper pair, and dies with kill -9', async () => {
    const emulator = await startPrivateEmulator();
    try {
      expect(alive(emulator.pid)).toBe(true);
      const pair = await createMapperPair([Item], { emulatorHost: emulator.hostPort });
      try {
        await pair.proxied.repository(Item).save(item(1));
        expect(await pair.direct.repository(Item).get({ id: item(1).id })).toEqual(item(1));
      } finally {
        await pair.dispose();
      }
      emulator.kill9();
      expect(await waitUntil(() => !alive(emulator.pid), { maxPolls: 100, everyMs: 20 })).toBe(true);
    } finally {
      await emulator.stop();
    }
  });

  it('freeze() resolves only once every thread of the emulator is stopped, under CPU load', async () => {
    // kill(SIGSTOP) returns before the threads stop; a test that sends a request right after it raced the emulator
    // (frozen-server.test.ts: a scan "against a frozen server" was answered in full).
    const busy = [0, 1, 2].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    const emulator = await startPrivateEmulator();
    try {
      for (let i = 0; i < 10; i++) {
        await emulator.freeze();
        expect(allThreadsStopped(emulator.pid), `after freeze #${i}`).toBe(true);
        emulator.thaw();
        expect(await waitUntil(() => !allThreadsStopped(emulator.pid), { maxPolls: 500 })).toBe(true);
      }
    } finally {
      for (const loop of busy) loop.kill('SIGKILL');
      await emulator.stop();
    }
  });
});
