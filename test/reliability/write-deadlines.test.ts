import { describe, expect, it } from 'vitest';
import { Column, Counter, Entity, Family, KeyPart, Version } from '../../decorators/index.js';
import { DeadlineExceededError } from '../../src/errors/deadline-exceeded-error.js';
import { OutcomeUnknownError } from '../../src/errors/outcome-unknown-error.js';
import { PartialWriteError } from '../../src/errors/partial-write-error.js';
import { Mapper } from '../../src/repository/mapper.js';
import { User } from '../integration/evolution/evolving-users.js';
import { useMapperPair } from './support/mapper-pair.js';
import { settleWithin } from './support/wait-until.js';

/**
 * Issue 23, item 10: every write settles within its deadline plus a small slack (the confirming read-back's grace,
 * at most 1 s), read-backs and every request of a batch included, on a server that stops answering (the proxy
 * stalls the link: sockets stay open, nothing comes back). What runs out of time before it is confirmed is
 * reported as outcome unknown, never as not written. Before the fix the read-back after a lost answer ignored the
 * call's deadline (up to 91 s for a 1 s deadline) and each request of a batch had a deadline of its own.
 */
@Entity({ table: 'rel_deadline_entries' })
@Family('d')
@Family('stat')
class Entry {
  @KeyPart(0, 'string') account!: string;
  @KeyPart(1, 'string') entry!: string;
  @Column({ family: 'd', codec: 'string' }) note!: string;
  @Counter({ family: 'stat' }) hits!: bigint;
}

@Entity({ table: 'rel_deadline_docs' })
@Family('d')
@Family('meta')
class Doc {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) body!: string;
  @Version({ family: 'meta' }) version!: bigint;
}

const entry = (account: string, id: string): Entry =>
  Object.assign(new Entry(), { account, entry: id, note: `note-${id}`, hits: 0n });
const doc = (id: string): Doc => Object.assign(new Doc(), { id, body: `body-${id}`, version: 0n });

/** Generous: the fix settles within the deadline plus 1 s; the old code took 30 s and more. */
const SLACK_BOUND_MS = 5_000;

describe('a write on a frozen server', () => {
  const pair = useMapperPair([Entry, Doc, User]);

  /** Runs `call` with the link stalled; returns how it settled (or `hung` past deadline + slack bound). */
  async function frozen<T>(
    deadlineMs: number,
    call: () => Promise<T>,
  ): Promise<PromiseSettledResult<T> | { status: 'hung' }> {
    const { proxy, proxied } = pair();
    // Both clients' channels are up before the freeze, so the calls are sent into the stalled link.
    await proxied.repository(Entry).get({ account: 'warm', entry: 'up' });
    await proxied.schema.live(pair().tableIds.rel_deadline_entries!);
    proxy.stall();
    try {
      return await settleWithin(call(), deadlineMs + SLACK_BOUND_MS);
    } finally {
      proxy.restore();
    }
  }

  /** The call ended in time with an OutcomeUnknownError whose cause is the deadline. */
  function expectUnknownByDeadline(settled: PromiseSettledResult<unknown> | { status: 'hung' }): void {
    expect(settled.status, 'the call must settle within its deadline plus the slack').toBe('rejected');
    const error = (settled as PromiseRejectedResult).reason as unknown;
    expect(error, String(error)).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).cause, String(error)).toBeInstanceOf(DeadlineExceededError);
  }

  it('save (plain and versioned) ends as outcome unknown within its deadline', async () => {
    const entries = pair().proxied.repository(Entry);
    expectUnknownByDeadline(
      await frozen(1_000, () => entries.save(entry('a', 'save'), { timeoutMs: 1_000 })),
    );
    const docs = pair().proxied.repository(Doc);
    expectUnknownByDeadline(await frozen(1_000, () => docs.save(doc('save'), { timeoutMs: 1_000 })));
  });

  it('insert, update and delete end as outcome unknown within their deadline', async () => {
    const entries = pair().proxied.repository(Entry);
    expectUnknownByDeadline(
      await frozen(1_000, () => entries.insert(entry('a', 'insert'), { timeoutMs: 1_000 })),
    );
    expectUnknownByDeadline(
      await frozen(1_000, () =>
        entries.update({ account: 'a', entry: 'update' }, { note: 'changed' }, { timeoutMs: 1_000 }),
      ),
    );
    expectUnknownByDeadline(
      await frozen(1_000, () => entries.delete({ account: 'a', entry: 'delete' }, { timeoutMs: 1_000 })),
    );
    const docs = pair().proxied.repository(Doc);
    expectUnknownByDeadline(
      await frozen(1_000, () => docs.delete({ id: 'delete' }, { expectedVersion: 3n, timeoutMs: 1_000 })),
    );
  });

  it('update and put of an evolving entity (settled by its own read-back) end within their deadline', async () => {
    const users = pair().proxied.repository(User);
    expectUnknownByDeadline(
      await frozen(1_000, () =>
        users.update({ userId: 'evo' }, { displayName: 'Ada' }, { timeoutMs: 1_000 }),
      ),
    );
    expectUnknownByDeadline(
      await frozen(1_000, () =>
        users.put({ userId: 'evo' }, 'prefs', new Map([['theme', 'dark']]), { timeoutMs: 1_000 }),
      ),
    );
  });

  it('increment ends as outcome unknown within its deadline', async () => {
    const entries = pair().proxied.repository(Entry);
    expectUnknownByDeadline(
      await frozen(1_000, () =>
        entries.increment({ account: 'a', entry: 'count' }, 'hits', 1n, { timeoutMs: 1_000 }),
      ),
    );
  });

  it('deleteByPrefix (DropRowRange and a single-row delete) ends within its deadline', async () => {
    const entries = pair().proxied.repository(Entry);
    expectUnknownByDeadline(
      await frozen(1_000, () => entries.deleteByPrefix({ account: 'gone' }, { timeoutMs: 1_000 })),
    );
    expectUnknownByDeadline(
      await frozen(1_000, () =>
        entries.deleteByPrefix({ account: 'gone', entry: 'one' }, { timeoutMs: 1_000 }),
      ),
    );
  });

  it('saveMany of an array reports every sent entity as unknown, within its deadline', async () => {
    const input = Array.from({ length: 50 }, (_, i) => entry('many', String(i)));
    const settled = await frozen(1_000, () =>
      pair().proxied.repository(Entry).saveMany(input, { timeoutMs: 1_000 }),
    );
    expect(settled.status, 'saveMany must settle within its deadline plus the slack').toBe('rejected');
    const error = (settled as PromiseRejectedResult).reason as unknown;
    expect(error, String(error)).toBeInstanceOf(PartialWriteError);
    // Sent into a frozen link: nothing may be reported as not written.
    expect(new Set((error as PartialWriteError).outcomes)).toEqual(new Set(['unknown']));
  });

  it('deleteMany reports every sent key as unknown, within its deadline', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => ({ account: 'gone', entry: String(i) }));
    const settled = await frozen(1_000, () =>
      pair().proxied.repository(Entry).deleteMany(keys, { timeoutMs: 1_000 }),
    );
    expect(settled.status, 'deleteMany must settle within its deadline plus the slack').toBe('rejected');
    const error = (settled as PromiseRejectedResult).reason as unknown;
    expect(error, String(error)).toBeInstanceOf(PartialWriteError);
    expect(new Set((error as PartialWriteError).outcomes)).toEqual(new Set(['unknown']));
  });

  it('saveMany of versioned entities (one conditional write each) ends within its deadline', async () => {
    const input = Array.from({ length: 12 }, (_, i) => doc(`many-${i}`));
    const settled = await frozen(1_000, () =>
      pair().proxied.repository(Doc).saveMany(input, { timeoutMs: 1_000 }),
    );
    expect(settled.status, 'saveMany must settle within its deadline plus the slack').toBe('rejected');
    const error = (settled as PromiseRejectedResult).reason as unknown;
    expect(error, String(error)).toBeInstanceOf(PartialWriteError);
    expect((error as PartialWriteError).outcomes).not.toContain('written');
  });

  it('a streamed saveMany under the mapper-wide totalMs (per chunk) settles within it', async () => {
    const { proxied, tableIds } = pair();
    // The mapper's own deadline (no per-call timeoutMs), on the proxied connection.
    const tight = new Mapper(proxied.connection, { tableIds, timeouts: { totalMs: 3_000 } });
    async function* source(): AsyncGenerator<Entry> {
      for (let i = 0; i < 9_000; i++) yield entry('stream', String(i).padStart(5, '0'));
    }
    const settled = await frozen(3_000, () => tight.repository(Entry).saveMany(source()));
    expect(settled.status, 'saveMany must settle within its deadline plus the slack').toBe('rejected');
    const error = (settled as PromiseRejectedResult).reason as unknown;
    expect(error, String(error)).toBeInstanceOf(PartialWriteError);
    const outcomes = (error as PartialWriteError).outcomes;
    expect(outcomes).not.toContain('written');
    expect(outcomes).toContain('unknown');
  });
});
