import { describe, expect, it } from 'vitest';
import { createMapperPair } from './support/mapper-pair.js';
import { startPrivateEmulator } from './support/private-emulator.js';
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
});
