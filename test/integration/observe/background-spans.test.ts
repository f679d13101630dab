import { randomBytes } from 'node:crypto';
import { SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { BfUser, BfUserV1 } from '../../fixtures/cli/backfill-users.mjs';
import { User, saveAsOld, v1 } from '../evolution/evolving-users.js';
import { useOpenTelemetry } from '../../support/use-open-telemetry.js';

/**
 * Backfill runs and write-back on read with the real OpenTelemetry SDK: the run and each shard's scan are spans of
 * their own, and so is each row a read writes back.
 */
describe('backfill and write-back spans', () => {
  const telemetry = useOpenTelemetry();
  const mapper = useMapper([BfUser, User], { writeBack: true });

  it('a backfill run: one span for the run and one per shard, with the entity and the table', async () => {
    const table = mapper().repository(BfUser).tableId;
    const old = new Mapper(mapper().connection, { tableIds: { bf_users_v1: table } });
    await old
      .repository(BfUserV1)
      .saveMany(
        ['o-1', 'o-2', 'o-3'].map((userId, i) =>
          Object.assign(new BfUserV1(), { userId, fullName: `n${i}`, age: BigInt(i) }),
        ),
      );
    const id = `spans-${randomBytes(4).toString('hex')}`;
    const report = await mapper().backfill(BfUser, { id, shards: 2 }).run();
    expect(report.complete).toBe(true);
    const spans = telemetry.spans().filter((s) => s.name.startsWith('backfill.'));
    expect(spans.map((s) => s.name).sort()).toEqual([
      `backfill.run ${table}`,
      `backfill.shard ${table}`,
      `backfill.shard ${table}`,
    ]);
    for (const span of spans) {
      expect(span.attributes).toMatchObject({
        'db.system.name': 'gcp.bigtable',
        'db.collection.name': table,
        'bigtable_mapper.entity': 'BfUser',
      });
      expect(span.status.code).not.toBe(SpanStatusCode.ERROR);
    }
    const points = (await telemetry.collect()).get('db.client.operation.duration')!.dataPoints;
    expect(points.map((p) => p.attributes['db.operation.name'])).toEqual(
      expect.arrayContaining(['backfill.run', 'backfill.shard']),
    );
  });

  it('shard spans are children of their run span: concurrent shards, a dry run, a stopped run and its resumption', async () => {
    const table = mapper().repository(BfUser).tableId;
    const old = new Mapper(mapper().connection, { tableIds: { bf_users_v1: table } });
    await old.repository(BfUserV1).saveMany(
      Array.from({ length: 60 }, (_, i) =>
        Object.assign(new BfUserV1(), {
          userId: `nest-${String(i).padStart(3, '0')}`,
          fullName: `n${i}`,
          age: 1n,
        }),
      ),
    );
    const id = `nest-${randomBytes(4).toString('hex')}`;
    const options = { id, owner: 'me', shards: 4, parallelShards: 4, concurrency: 2, checkpointEveryRows: 5 };
    /** Each run span of the spans so far with its shard spans, which must all be its children. */
    const runs = (): Array<{ run: ReadableSpan; shards: number }> => {
      const spans = telemetry.spans();
      const roots = spans.filter(
        (s) => s.name.startsWith('backfill.run') || s.name.startsWith('backfill.dryRun'),
      );
      const shards = spans.filter((s) => s.name.startsWith('backfill.shard'));
      for (const shard of shards) {
        const parent = shard.parentSpanContext?.spanId;
        expect(roots.map((r) => r.spanContext().spanId)).toContain(parent);
        expect(shard.spanContext().traceId).toBe(
          roots.find((r) => r.spanContext().spanId === parent)!.spanContext().traceId,
        );
      }
      return roots.map((run) => ({
        run,
        shards: shards.filter((s) => s.parentSpanContext?.spanId === run.spanContext().spanId).length,
      }));
    };

    await mapper()
      .backfill(BfUser, { ...options, id: `${id}-dry`, dryRun: true })
      .run();
    expect(runs().map((r) => [r.run.name, r.shards])).toEqual([[`backfill.dryRun ${table}`, 4]]);
    telemetry.reset();

    // Stopped midway, then resumed by a second run: each run's shards under that run.
    const stop = new AbortController();
    let rows = 0;
    const first = mapper().backfill(BfUser, {
      ...options,
      signal: stop.signal,
      onRow: () => {
        if (++rows === 10) stop.abort();
      },
    });
    await expect(first.run()).rejects.toMatchObject({ code: 'ABORTED' });
    const stopped = runs();
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.shards).toBeGreaterThan(0);
    telemetry.reset();
    const report = await mapper().backfill(BfUser, options).run();
    expect(report.complete).toBe(true);
    const resumed = runs();
    expect(resumed.map((r) => r.run.name)).toEqual([`backfill.run ${table}`]);
    expect(resumed[0]!.shards).toBeGreaterThan(0);
  });

  it('write-back on read: one writeBack span per row rewritten, after the read', async () => {
    await saveAsOld(mapper(), v1('span-wb', 'Ada', {}, {}));
    const users = mapper().repository(User);
    await users.get({ userId: 'span-wb' });
    const name = `writeBack ${users.tableId}`;
    for (let i = 0; i < 400 && !telemetry.spans().some((s) => s.name === name); i++)
      await new Promise((r) => setTimeout(r, 5));
    const span = telemetry.spans().find((s) => s.name === name)!;
    expect(span.attributes).toMatchObject({
      'db.operation.name': 'writeBack',
      'bigtable_mapper.entity': 'User',
    });
    expect(span.status.code).not.toBe(SpanStatusCode.ERROR);
  });
});
