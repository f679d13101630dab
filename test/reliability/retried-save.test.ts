import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../src/errors/outcome-unknown-error.js';
import type { Mapper } from '../../src/repository/mapper.js';
import { LockedProfile, Profile, lockedProfile, profile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';
import { settleWithin, waitUntil } from './support/wait-until.js';

/**
 * Issue 10, item 2: a write whose answer was lost must never be re-sent over a row that changed since. Scenario:
 * A's write reaches the server but its answer is blackholed; the link is cut; B writes the same key directly;
 * the link comes back. A must end with OutcomeUnknownError (CONTRACT; it may resolve only if the row provably held
 * A's write, which it does not here) and the row must be exactly B's, column by column.
 */

const SHORT = {
  retry: { maxElapsedMs: 3000, initialBackoffMs: 20, maxBackoffMs: 200 },
  timeouts: { attemptMs: 1000 },
};

/** Compares every property (scalars, bytes, map, set), one by one, so a failure names the clobbered column. */
function expectSameColumns(stored: object | undefined, expected: object): void {
  expect(stored, 'the row must exist').toBeDefined();
  for (const [property, value] of Object.entries(expected)) {
    expect((stored as Record<string, unknown>)[property], `column ${property}`).toEqual(value);
  }
  expect(stored).toEqual(expected);
}

/**
 * Runs A's write with its answers blackholed, waits until the server shows it, cuts the link, lets B write, then
 * restores the link and returns how A's write ended.
 */
async function loseTheAnswer(
  proxy: ReturnType<ReturnType<typeof useMapperPair>>['proxy'],
  writeA: () => Promise<unknown>,
  aIsVisible: () => Promise<boolean>,
  writeB: () => Promise<unknown>,
): Promise<Awaited<ReturnType<typeof settleWithin>>> {
  proxy.blackholeResponses();
  let a: Promise<unknown> | undefined;
  try {
    a = writeA();
    a.catch(() => undefined); // settled below; never an unhandled rejection meanwhile
    expect(
      await waitUntil(aIsVisible, { maxPolls: 300, everyMs: 10 }),
      "A's write must reach the server",
    ).toBe(true);
    proxy.cut();
    await writeB();
  } finally {
    proxy.restore();
  }
  return settleWithin(a, 20_000);
}

function expectOutcomeUnknown(settled: Awaited<ReturnType<typeof settleWithin>>): void {
  expect(settled.status, 'A’s write must end, not hang').not.toBe('hung');
  if (settled.status === 'rejected') {
    expect(settled.reason, String(settled.reason)).toBeInstanceOf(OutcomeUnknownError);
  } else expect.fail('A’s write resolved although the row holds B’s write, not A’s');
}

/** Opens the proxied connection before a fault, so that A's request really goes out on a live link. */
async function warmUp(mapper: Mapper): Promise<void> {
  await mapper.repository(Profile).get({ id: 'warm-up' });
}

describe('a write whose answer was lost never clobbers a later write', () => {
  const pair = useMapperPair([Profile, LockedProfile], { proxied: SHORT });

  it('save', async () => {
    const { proxy, proxied, direct } = pair();
    await warmUp(proxied);
    await direct.repository(Profile).save(profile('p', 'original'));
    const a = profile('p', 'from-a');
    const b = profile('p', 'bee');
    const settled = await loseTheAnswer(
      proxy,
      () => proxied.repository(Profile).save(a),
      async () => (await direct.repository(Profile).get({ id: 'p' }))?.name === a.name,
      () => direct.repository(Profile).save(b),
    );
    expectOutcomeUnknown(settled);
    expectSameColumns(await direct.repository(Profile).get({ id: 'p' }), b);
  });

  it('save of a versioned entity', async () => {
    const { proxy, proxied, direct } = pair();
    await warmUp(proxied);
    const lockedDirect = direct.repository(LockedProfile);
    await lockedDirect.save(lockedProfile('v', 'original'));
    const a = await proxied.repository(LockedProfile).getOrThrow({ id: 'v' });
    Object.assign(a, { name: 'name-from-a', attrs: new Map([['k-a', 'v-a']]) });
    let b: LockedProfile | undefined;
    const settled = await loseTheAnswer(
      proxy,
      () => proxied.repository(LockedProfile).save(a),
      async () => (await lockedDirect.get({ id: 'v' }))?.name === 'name-from-a',
      async () => {
        // B read A's write (the server holds it) and saves on top of it, with the version check.
        b = await lockedDirect.getOrThrow({ id: 'v' });
        Object.assign(b, {
          name: 'name-bee',
          age: 99,
          attrs: new Map([['k-b', 'v-b']]),
          tags: new Set(['t-b']),
        });
        await lockedDirect.save(b);
      },
    );
    expectOutcomeUnknown(settled);
    expectSameColumns(await lockedDirect.get({ id: 'v' }), b!);
  });

  it.each([
    ['delete', 'd', (m: Mapper, id: string) => m.repository(Profile).delete({ id })],
    [
      'deleteByPrefix of a full key (a single-row DeleteFromRow)',
      'dp',
      (m: Mapper, id: string) => m.repository(Profile).deleteByPrefix({ id }),
    ],
  ] as const)('%s', async (_what, id, remove) => {
    const { proxy, proxied, direct } = pair();
    await warmUp(proxied);
    await direct.repository(Profile).save(profile(id, 'original'));
    const b = profile(id, 'bee');
    const settled = await loseTheAnswer(
      proxy,
      () => remove(proxied, id),
      async () => (await direct.repository(Profile).get({ id })) === undefined,
      () => direct.repository(Profile).save(b),
    );
    expectOutcomeUnknown(settled);
    expectSameColumns(await direct.repository(Profile).get({ id }), b);
  });
});

/**
 * The other side of the same contract: when nobody wrote after A and the read-back finds A's write on the row, A
 * resolves (the write is settled as done, never re-sent), for a plain save and for a versioned one.
 */
describe('a write whose answer was lost, that the row shows, resolves', () => {
  const pair = useMapperPair([Profile, LockedProfile], { proxied: SHORT });

  function expectResolved(settled: Awaited<ReturnType<typeof settleWithin>>): void {
    expect(settled.status, 'A’s write must end, not hang').not.toBe('hung');
    if (settled.status === 'rejected')
      expect.fail(`A’s write was not settled by the read-back: ${settled.reason}`);
  }

  it('save', async () => {
    const { proxy, proxied, direct } = pair();
    await warmUp(proxied);
    await direct.repository(Profile).save(profile('r', 'original'));
    const a = profile('r', 'from-a');
    const settled = await loseTheAnswer(
      proxy,
      () => proxied.repository(Profile).save(a),
      async () => (await direct.repository(Profile).get({ id: 'r' }))?.name === a.name,
      async () => undefined,
    );
    expectResolved(settled);
    expectSameColumns(await direct.repository(Profile).get({ id: 'r' }), a);
  });

  it('save of a versioned entity', async () => {
    const { proxy, proxied, direct } = pair();
    await warmUp(proxied);
    const lockedDirect = direct.repository(LockedProfile);
    await lockedDirect.save(lockedProfile('rv', 'original'));
    const a = await proxied.repository(LockedProfile).getOrThrow({ id: 'rv' });
    Object.assign(a, { name: 'name-from-a' });
    const settled = await loseTheAnswer(
      proxy,
      () => proxied.repository(LockedProfile).save(a),
      async () => (await lockedDirect.get({ id: 'rv' }))?.name === 'name-from-a',
      async () => undefined,
    );
    expectResolved(settled);
    expect(a.version, 'the version advanced as for an answered save').toBe(2n);
    expectSameColumns(await lockedDirect.get({ id: 'rv' }), a);
  });

  it('delete and deleteByPrefix of a full key: the row is gone, so the delete is confirmed', async () => {
    const { proxy, proxied, direct } = pair();
    await warmUp(proxied);
    const profiles = direct.repository(Profile);
    const deletes: ReadonlyArray<readonly [string, () => Promise<void>]> = [
      ['rd', () => proxied.repository(Profile).delete({ id: 'rd' })],
      ['rdp', () => proxied.repository(Profile).deleteByPrefix({ id: 'rdp' })],
    ];
    for (const [id, remove] of deletes) {
      await profiles.save(profile(id, 'original'));
      const settled = await loseTheAnswer(
        proxy,
        remove,
        async () => (await profiles.get({ id })) === undefined,
        async () => undefined,
      );
      expectResolved(settled);
      expect(await profiles.get({ id })).toBeUndefined();
    }
  });
});
