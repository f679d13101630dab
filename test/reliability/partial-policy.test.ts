import { describe, expect, it } from 'vitest';
import { BigtableMapperError } from '../../src/errors/bigtable-mapper-error.js';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { PartialWriteError } from '../../src/errors/partial-write-error.js';
import { Mapper } from '../../src/repository/mapper.js';
import { Profile, profile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';
import { settleWithin, waitUntil } from './support/wait-until.js';

/**
 * Issue 11, item 7: a partial retry policy (`{ maxAttempts: 3 }`) used to crash failed writes with a TypeError
 * (the policy was cast, never filled with defaults), `getMany` ignored `retry` and insert/update ignored the attempt
 * timeout. One policy is now resolved per mapper and every call kind runs under it: with the link cut, each ends
 * with a library error (never a TypeError) after at most `maxAttempts` attempts, and works again once the link is
 * back.
 */
describe('a partial retry policy and timeouts', () => {
  const pair = useMapperPair([Profile], {
    proxied: {
      retry: { maxAttempts: 3, initialBackoffMs: 10, maxBackoffMs: 50 },
      timeouts: { attemptMs: 1_000, totalMs: 5_000, readIdleMs: 1_000 },
    },
  });
  const key = { id: 'policy-1' };

  const calls = (): Record<string, () => Promise<unknown>> => {
    const repo = pair().proxied.repository(Profile);
    return {
      get: () => repo.get(key),
      getMany: () => repo.getMany([key, { id: 'policy-2' }]),
      find: () => repo.find({ id: 'policy-1' }).toArray(),
      count: () => repo.scan().count(),
      save: () => repo.save(profile('policy-1', 'a')),
      insert: () => repo.insert(profile('policy-3', 'b')),
      update: () => repo.update(key, { name: 'changed' }),
      delete: () => repo.delete({ id: 'policy-4' }),
      deleteByPrefix: () => repo.deleteByPrefix({ id: 'policy-5' }),
      add: () => repo.add(key, 'tags', ['x']),
      put: () => repo.put(key, 'attrs', new Map([['k', 'v']])),
      remove: () => repo.remove(key, 'tags', ['x']),
      saveMany: () => repo.saveMany([profile('policy-6', 'c'), profile('policy-7', 'd')]),
      deleteMany: () => repo.deleteMany([{ id: 'policy-6' }]),
    };
  };

  it('ends every call kind with a library error while the link is cut', async () => {
    const { proxy } = pair();
    await pair().proxied.repository(Profile).get({ id: 'warm-up' });
    proxy.cut();
    try {
      for (const [name, call] of Object.entries(calls())) {
        const settled = await settleWithin(call(), 20_000);
        expect(settled.status, name).toBe('rejected');
        const error = (settled as PromiseRejectedResult).reason as unknown;
        expect(error, `${name}: ${String(error)}`).toBeInstanceOf(BigtableMapperError);
        if (name === 'saveMany' || name === 'deleteMany') {
          expect(error, name).toBeInstanceOf(PartialWriteError);
          // Refused connections prove nothing was sent: every entity is reported not written, none unknown.
          expect(
            (error as PartialWriteError).outcomes.every((o) => o === 'notWritten'),
            name,
          ).toBe(true);
        }
      }
    } finally {
      proxy.restore();
    }
  });

  it('runs every call kind once the link is back', async () => {
    const direct = pair().direct.repository(Profile);
    await direct.save(profile('policy-1', 'seed'));
    // gRPC reconnects with its own backoff (about a second); this tight policy fails fast until it has.
    const proxied = pair().proxied.repository(Profile);
    const linked = await waitUntil(
      () =>
        proxied.get({ id: 'warm-up' }).then(
          () => true,
          () => false,
        ),
      { maxPolls: 100, everyMs: 100 },
    );
    expect(linked).toBe(true);
    for (const [name, call] of Object.entries(calls())) {
      const settled = await settleWithin(call(), 20_000);
      expect(settled.status, `${name}: ${String((settled as PromiseRejectedResult).reason)}`).toBe(
        'fulfilled',
      );
    }
    expect((await direct.get(key))?.tags.has('x')).toBe(false);
    expect((await direct.get(key))?.attrs.get('k')).toBe('v');
  });

  it('refuses an invalid policy when the mapper is made, before any call', () => {
    const options = { projectId: 'p', instanceId: 'i', emulatorHost: '127.0.0.1:1' };
    expect(() => Mapper.connect(options, { retry: { maxAttempts: 0 } })).toThrow(InvalidArgumentError);
    expect(() => Mapper.connect(options, { timeouts: { attemptMs: -1 } })).toThrow(/timeouts\.attemptMs/);
  });
});
