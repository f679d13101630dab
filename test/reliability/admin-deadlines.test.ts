import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../decorators/index.js';
import { ConnectionClosedError } from '../../src/errors/connection-closed-error.js';
import { DeadlineExceededError } from '../../src/errors/deadline-exceeded-error.js';
import { Mapper } from '../../src/repository/mapper.js';
import { describeTable } from '../../src/admin/describe-table.js';
import { User } from '../integration/evolution/evolving-users.js';
import { createMapperPair, type MapperPair } from './support/mapper-pair.js';
import { settleWithin, sleep } from './support/wait-until.js';

/**
 * Issue 23, item 11: admin calls (ensureSchema, createTable, schema plan/apply/check, describe) have a deadline
 * (`timeouts.adminMs`, or the call's `timeoutMs`), end on `close()` like data calls, and throw ConnectionClosedError
 * when called after it. Before the fix they hung on a stalled link, ignored close and threw TransportError after it.
 * The link is stalled by the proxy and never restored: each test's pair is disposed with the stalled requests
 * unsent, so nothing they carry reaches the shared emulator.
 */
@Entity({ table: 'rel_admin_present' })
@Family('d')
class Present {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

/** Never created: what the admin calls under test would create. */
@Entity({ table: 'rel_admin_absent' })
@Family('d')
@Family('e')
class Absent {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'e', codec: 'string' }) extra!: string;
}

/** Generous: the fix settles at the deadline; the old code hung until the test gave up. */
const SLACK_BOUND_MS = 5_000;

/** A pair whose proxied mapper has `adminMs`, its admin channel up, and its link stalled. */
async function stalledPair(adminMs?: number): Promise<{ pair: MapperPair; mapper: Mapper }> {
  const pair = await createMapperPair([Present]);
  const mapper = new Mapper(pair.proxied.connection, {
    tableIds: pair.tableIds,
    ...(adminMs === undefined ? {} : { timeouts: { adminMs } }),
  });
  await mapper.schema.live(pair.tableIds.rel_admin_present!);
  pair.proxy.stall();
  return { pair, mapper };
}

function expectDeadline(settled: PromiseSettledResult<unknown> | { status: 'hung' }): void {
  expect(settled.status, 'the admin call must end at its deadline, not hang').toBe('rejected');
  const error = (settled as PromiseRejectedResult).reason as unknown;
  expect(error, String(error)).toBeInstanceOf(DeadlineExceededError);
}

describe('admin calls on a stalled link', () => {
  it('ensureSchema, createTable and schema plan/check/apply end at the mapper-wide adminMs', async () => {
    const { pair, mapper } = await stalledPair(1_000);
    try {
      expectDeadline(await settleWithin(mapper.ensureSchema([Absent]), 1_000 + SLACK_BOUND_MS));
      expectDeadline(await settleWithin(mapper.createTable(Absent), 1_000 + SLACK_BOUND_MS));
      expectDeadline(await settleWithin(mapper.schema.plan([Absent]), 1_000 + SLACK_BOUND_MS));
      expectDeadline(await settleWithin(mapper.schema.check([Present]), 1_000 + SLACK_BOUND_MS));
      const plan = {
        changes: [
          {
            kind: 'createTable' as const,
            safety: 'safe' as const,
            tableId: 'rel_admin_absent',
            families: { d: {} },
          },
        ],
        notes: [],
      };
      expectDeadline(await settleWithin(mapper.schema.apply(plan), 1_000 + SLACK_BOUND_MS));
    } finally {
      await pair.dispose();
    }
  });

  it("the backfill's checkpoint table set-up ends at the mapper-wide adminMs", async () => {
    const { pair, mapper } = await stalledPair(1_000);
    try {
      const backfill = mapper.backfill(User, { id: 'admin-deadline' });
      expectDeadline(await settleWithin(backfill.status(), 1_000 + SLACK_BOUND_MS));
    } finally {
      await pair.dispose();
    }
  });

  it('ensureSchema, createTable and describeTable end at a per-call timeoutMs', async () => {
    const { pair, mapper } = await stalledPair();
    try {
      expectDeadline(
        await settleWithin(mapper.ensureSchema([Absent], { timeoutMs: 1_000 }), 1_000 + SLACK_BOUND_MS),
      );
      expectDeadline(
        await settleWithin(mapper.createTable(Absent, { timeoutMs: 1_000 }), 1_000 + SLACK_BOUND_MS),
      );
      expectDeadline(
        await settleWithin(
          describeTable(mapper.connection, pair.tableIds.rel_admin_present!, { timeoutMs: 1_000 }),
          1_000 + SLACK_BOUND_MS,
        ),
      );
    } finally {
      await pair.dispose();
    }
  });

  it('close() ends an admin call in flight with ConnectionClosedError', async () => {
    const { pair } = await stalledPair();
    try {
      const ensuring = settleWithin(pair.proxied.ensureSchema([Absent]), 20_000);
      const creating = settleWithin(pair.proxied.createTable(Absent), 20_000);
      // Let both calls get under way (their requests go into the stalled link, where the proxy cannot count them).
      await sleep(300);
      await pair.proxied.close();
      for (const settled of [await ensuring, await creating]) {
        expect(settled.status, 'close() must end the admin call').toBe('rejected');
        const error = (settled as PromiseRejectedResult).reason as unknown;
        expect(error, String(error)).toBeInstanceOf(ConnectionClosedError);
      }
    } finally {
      await pair.dispose();
    }
  });
});

describe('admin calls after close', () => {
  it('throw ConnectionClosedError and send nothing', async () => {
    const pair = await createMapperPair([Present]);
    try {
      const { proxied, proxy } = pair;
      await proxied.close();
      const sent = proxy.bytesFromClient;
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['ensureSchema', () => proxied.ensureSchema([Absent])],
        ['createTable', () => proxied.createTable(Absent)],
        ['schema.plan', () => proxied.schema.plan([Present])],
        ['schema.check', () => proxied.schema.check([Present])],
        ['schema.live', () => proxied.schema.live(pair.tableIds.rel_admin_present!)],
        ['describeTable', () => describeTable(proxied.connection, pair.tableIds.rel_admin_present!)],
      ];
      for (const [name, call] of calls) {
        const settled = await settleWithin(call(), 10_000);
        expect(settled.status, name).toBe('rejected');
        const error = (settled as PromiseRejectedResult).reason as unknown;
        expect(error, `${name}: ${String(error)}`).toBeInstanceOf(ConnectionClosedError);
      }
      expect(proxy.bytesFromClient).toBe(sent);
    } finally {
      await pair.dispose();
    }
  });
});
