import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/errors/aborted-error.js';
import { DeadlineExceededError } from '../../src/errors/deadline-exceeded-error.js';
import { TransportError } from '../../src/errors/transport-error.js';
import { Item, item } from './support/entities.js';
import { createMapperPair, useMapperPair } from './support/mapper-pair.js';
import { startPrivateEmulator } from './support/private-emulator.js';
import { settleWithin } from './support/wait-until.js';

/**
 * Issue 10, item 9: a server that stops answering (SIGSTOP: sockets stay open, nothing comes back) must not hang a
 * read: `timeouts.readIdleMs` fails the attempt and the retry window bounds the call (CONTRACT). And a caller's
 * AbortSignal ends reads and writes with AbortedError; an already-aborted write sends nothing.
 *
 * API choice: queries take the signal through the `.signal(signal)` builder call, single calls through their
 * trailing options object (`get(key, { signal })`, `save(entity, { signal })`).
 */
describe('a frozen server', () => {
  it('a scan with readIdleMs rejects instead of hanging', async () => {
    const emulator = await startPrivateEmulator();
    try {
      const pair = await createMapperPair([Item], {
        emulatorHost: emulator.hostPort,
        proxied: { timeouts: { readIdleMs: 500 }, retry: { maxElapsedMs: 2000 } },
      });
      try {
        await pair.direct.repository(Item).saveMany(Array.from({ length: 100 }, (_, i) => item(i)));
        await pair.proxied.repository(Item).get({ id: 'warm-up' });
        await emulator.freeze();
        const settled = await settleWithin(pair.proxied.repository(Item).scan().toArray(), 15_000);
        expect(settled.status, 'the scan must end, not hang').toBe('rejected');
        const error = (settled as PromiseRejectedResult).reason as unknown;
        expect(
          error instanceof DeadlineExceededError || error instanceof TransportError,
          `expected DeadlineExceededError or TransportError, got ${String(error)}`,
        ).toBe(true);
      } finally {
        emulator.thaw();
        await pair.dispose();
      }
    } finally {
      await emulator.stop();
    }
  });
});

describe('an aborted signal', () => {
  const pair = useMapperPair([Item]);
  const aborted = (): AbortSignal => {
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    return controller.signal;
  };

  it('rejects a get and a query with AbortedError', async () => {
    const repo = pair().proxied.repository(Item);
    const get = await settleWithin(repo.get({ id: 'x' }, { signal: aborted() }), 10_000);
    expect(get.status).toBe('rejected');
    expect((get as PromiseRejectedResult).reason).toBeInstanceOf(AbortedError);
    const query = await settleWithin(repo.scan().signal(aborted()).toArray(), 10_000);
    expect(query.status).toBe('rejected');
    expect((query as PromiseRejectedResult).reason).toBeInstanceOf(AbortedError);
  });

  it('rejects a save with AbortedError before sending anything', async () => {
    const { proxy, proxied, direct } = pair();
    await proxied.repository(Item).get({ id: 'warm-up' });
    const sent = proxy.bytesFromClient;
    const save = await settleWithin(proxied.repository(Item).save(item(7), { signal: aborted() }), 10_000);
    expect(save.status).toBe('rejected');
    expect((save as PromiseRejectedResult).reason).toBeInstanceOf(AbortedError);
    expect(proxy.bytesFromClient).toBe(sent);
    expect(await direct.repository(Item).get({ id: item(7).id })).toBeUndefined();
  });
});
