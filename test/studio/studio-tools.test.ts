// The studio's schema, key-distribution and query views over HTTP against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Column, Entity, Family, Gc, KeyPart } from '../../decorators/index.js';
import { Mapper } from '../../src/index.js';
import { startStudio } from '../../src/studio/index.js';
import type { StudioServer } from '../../src/studio/index.js';
import { Comment, Video } from '../fixtures/cli/media.js';
import { Event, Gadget, emulatorHost, freshInstance } from './studio-fixtures.js';
import type { Bytes, EntityRow, ErrorJson } from './studio-support.js';
import { get, post } from './studio-support.js';

// A timestamp first in the key: lint's key-timestamp-first, a hotspot the key view must name.
@Entity({ table: 'studio_clicks' })
@Family('c', { gc: Gc.maxVersions(1) })
class Click {
  declare static readonly keyParts: readonly ['at', 'user'];
  @KeyPart(0, 'timestamp') at!: Date;
  @KeyPart(1, 'string') user!: string;
  @Column({ family: 'c', codec: 'string' }) page!: string;
}

// A salted key (4 buckets over the device): one hot device puts most rows into one bucket, others stay empty.
@Entity({ table: 'studio_salted', salt: { buckets: 4, of: ['device'] } })
@Family('r', { gc: Gc.maxVersions(1) })
class Reading {
  declare static readonly keyParts: readonly ['device', 'seq'];
  @KeyPart(0, 'string') device!: string;
  @KeyPart(1, { type: 'int64', width: 4, as: 'number' }) seq!: number;
  @Column({ family: 'r', codec: 'string' }) value!: string;
}

describe('studio schema, keys and query', () => {
  const instanceId = freshInstance();
  let mapper: Mapper;
  let studio: StudioServer;

  beforeAll(async () => {
    mapper = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    await mapper.ensureSchema([Gadget, Event, Video, Comment]); // Click's table is missing: drift
    await mapper
      .repository(Video)
      .save(Object.assign(new Video(), { videoId: 'v1', title: 'First <i>video</i>' }));
    for (const [at, text] of [
      [1, 'one'],
      [2, 'two'],
    ] as const)
      await mapper
        .repository(Comment)
        .save(Object.assign(new Comment(), { videoId: 'v1', at: new Date(at * 1000), text }));
    await mapper.repository(Video).save(Object.assign(new Video(), { videoId: 'v2', title: 'Second' }));
    const events = mapper.repository(Event);
    const rows = [];
    for (const stream of ['big', 'small', 'tiny', 'x'])
      for (let seq = 0; seq < (stream === 'big' ? 300 : 20); seq++)
        rows.push(Object.assign(new Event(), { stream, seq, body: `${stream} ${seq}` }));
    await events.saveMany(rows);
    studio = await startStudio({ mapper, entities: [Gadget, Event, Click, Video, Comment] });
  });
  afterAll(async () => {
    await studio?.close();
    await mapper.close();
  });

  it('shows tables with families and GC rules, the drift of schema check, and lint findings with fixes', async () => {
    const { status, json } = await get<{
      tables: {
        name: string;
        exists: boolean;
        families: { name: string; gcRule: string }[];
        claimedBy: string[];
      }[];
      drift: { table: string; kind: string; description: string; destructive: boolean }[];
      inSync: boolean;
      lint: { rule: string; severity: string; entity: string; message: string; fix: string }[];
    }>(studio, '/api/schema');
    expect(status).toBe(200);
    expect(json.tables.find((t) => t.name === 'studio_devices')).toMatchObject({
      name: 'studio_devices',
      exists: true,
      families: [{ name: 'stats', gcRule: 'maxVersions(1)' }],
      claimedBy: ['Gadget'],
    });
    expect(json.tables.find((t) => t.name === 'studio_clicks')).toMatchObject({
      exists: false,
      claimedBy: ['Click'],
    });
    expect(json.inSync).toBe(false);
    expect(json.drift).toContainEqual(
      expect.objectContaining({ table: 'studio_clicks', kind: 'createTable', destructive: false }),
    );
    const timestampFirst = json.lint.find((f) => f.rule === 'key-timestamp-first');
    expect(timestampFirst).toMatchObject({ entity: 'Click', fix: expect.stringMatching(/\S/) });
  });

  it('draws the key distribution: split points, a bounded keys-only sample grouped by the leading parts, hints', async () => {
    const { status, json } = await get<{
      sampleRowKeys: { key: Bytes; offsetBytes: string }[];
      sampled: number;
      groups: { label: string; depth: number; count: number; share: number }[];
      strip: { label: string; from: Bytes; to: Bytes; count: number }[];
      hints: { rule: string; severity: string; message: string }[];
    }>(studio, '/api/keys?entity=Event&sample=1000');
    expect(status).toBe(200);
    expect(json.sampleRowKeys.at(-1)!.key.size).toBe(0); // the end of the table
    expect(json.sampleRowKeys.length).toBeGreaterThan(1); // the emulator answers split points of its own
    expect(json.sampled).toBe(360);
    expect(json.groups.filter((g) => g.depth === 1)).toEqual([
      { label: 'big', depth: 1, count: 300, share: 300 / 360 },
      { label: 'small', depth: 1, count: 20, share: 20 / 360 },
      { label: 'tiny', depth: 1, count: 20, share: 20 / 360 },
      { label: 'x', depth: 1, count: 20, share: 20 / 360 },
    ]);
    expect(json.strip.map((s) => [s.label, s.from.text, s.to.text, s.count])).toEqual([
      ['big', 'ev#big#00000000', 'ev#big#00000299', 300],
      ['small', 'ev#small#00000000', 'ev#small#00000019', 20],
      ['tiny', 'ev#tiny#00000000', 'ev#tiny#00000019', 20],
      ['x', 'ev#x#00000000', 'ev#x#00000019', 20],
    ]);
    expect(json.hints.map((h) => h.rule)).toContain('sample-dominant-prefix');
    expect(json).toMatchObject({ complete: true });
    // A sample smaller than the table: exactly that many keys, spread over the split points' stretches, in order.
    const bounded = await get<{
      sampled: number;
      complete: boolean;
      strip: { from: Bytes; count: number }[];
    }>(studio, '/api/keys?entity=Event&sample=50');
    expect(bounded.json).toMatchObject({ sampled: 50, complete: false });
    const starts = bounded.json.strip.map((s) => s.from.text);
    expect([...starts].sort()).toEqual(starts);
    const tooMany = await get<ErrorJson>(studio, '/api/keys?entity=Event&sample=20001');
    expect(tooMany.status).toBe(400);
    const missing = await get<ErrorJson>(studio, '/api/keys?entity=Click&sample=10');
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.json.error.code).toMatch(/\S/);
    await mapper.ensureSchema([Click]);
    const clicks = await get<{ hints: { rule: string; fix: string }[] }>(
      studio,
      '/api/keys?entity=Click&sample=10',
    );
    expect(clicks.status).toBe(200);
    expect(clicks.json.hints).toContainEqual(
      expect.objectContaining({ rule: 'key-timestamp-first', fix: expect.stringMatching(/\S/) }),
    );
  });

  it('groups a salted entity by salt bucket, every bucket shown (an empty one too), so an uneven salt is in the picture', async () => {
    await mapper.ensureSchema([Reading]);
    const rows = [];
    for (let seq = 0; seq < 60; seq++)
      rows.push(Object.assign(new Reading(), { device: 'hot', seq, value: 'v' }));
    for (const device of ['a', 'b']) rows.push(Object.assign(new Reading(), { device, seq: 0, value: 'v' }));
    await mapper.repository(Reading).saveMany(rows);
    const salted = await startStudio({ mapper, entities: [Reading] });
    try {
      const { status, json } = await get<{
        sampled: number;
        groups: { label: string; depth: number; count: number }[];
        strip: { label: string; from: Bytes; to: Bytes; count: number }[];
        hints: { rule: string; message: string }[];
      }>(salted, '/api/keys?entity=Reading');
      expect(status).toBe(200);
      expect(json.sampled).toBe(62);
      const buckets = json.groups.filter((g) => g.depth === 1);
      expect(buckets.map((g) => g.label)).toEqual(['salt 0', 'salt 1', 'salt 2', 'salt 3']);
      expect(buckets.reduce((sum, g) => sum + g.count, 0)).toBe(62);
      // Three devices fill three buckets at most: an empty one is drawn (count 0), with no stretch of the strip.
      expect(buckets.some((g) => g.count === 0)).toBe(true);
      expect(json.strip.map((s) => s.label)).toEqual(buckets.filter((g) => g.count > 0).map((g) => g.label));
      // Each bucket holds exactly the keys whose leading salt digit is its number.
      const strip = json.strip.map((s) => [s.label, s.from.text.slice(0, 2), s.to.text.slice(0, 2)]);
      for (const [label, from, to] of strip) {
        expect(from).toBe(`${label!.slice('salt '.length)}#`);
        expect(to).toBe(from);
      }
      const hot = buckets.find((g) => g.count >= 60)!;
      expect(hot).toBeDefined();
      expect(json.groups).toContainEqual(
        expect.objectContaining({ label: `${hot.label} / hot`, depth: 2, count: 60 }),
      );
      expect(json.hints).toContainEqual(
        expect.objectContaining({
          rule: 'sample-uneven-salt',
          message: expect.stringMatching(/4 buckets are uneven in the sample: 0–6\d keys per bucket/),
        }),
      );
    } finally {
      await salted.close();
    }
  });

  it('explains a find built in a form: row set, filters, notes, the ReadRows request and the TypeScript', async () => {
    const form = {
      entity: 'Event',
      kind: 'find',
      prefix: { stream: 'big' },
      where: [
        { property: 'seq', op: 'gte', value: '10' },
        { property: 'body', op: 'eq', value: 'big 12' },
      ],
      select: ['body'],
      limit: 5,
    };
    const { status, json } = await post<{
      explain: { notes: string[] };
      explainText: string;
      request: { rows: { rowRanges: { startKeyClosed?: Bytes }[] }; rowsLimit?: string; filter: unknown };
      typescript: string;
    }>(studio, '/api/query/explain', form);
    expect(status).toBe(200);
    expect(json.explainText).toMatch(/\S/);
    expect(json.request.rows.rowRanges[0]!.startKeyClosed!.text).toBe('ev#big#00000010');
    expect(json.request.filter).toBeDefined();
    expect(json.typescript).toBe(
      [
        'const events = await mapper.repository(Event)',
        '  .find({ stream: "big" })',
        '  .where("seq", ">=", 10)',
        '  .where("body", "=", "big 12")',
        '  .select("body")',
        '  .limit(5)',
        '  .toArray();',
      ].join('\n'),
    );
  });

  it('runs the query: its rows and what the read cost', async () => {
    const { status, json } = await post<{
      rows: EntityRow[];
      stats: { rowsReceived: number; rowsReturned: number; requests: number; durationMs: number };
      typescript: string;
    }>(studio, '/api/query/run', {
      entity: 'Event',
      prefix: { stream: 'big' },
      where: [{ property: 'seq', op: 'lt', value: 3 }],
      reverse: true,
    });
    expect(status).toBe(200);
    expect(json.rows.map((r) => r.keyParts.seq!.json)).toEqual([2, 1, 0]);
    expect(json.stats).toMatchObject({ rowsReturned: 3, requests: 1 });
    expect(json.stats.rowsReceived).toBeGreaterThanOrEqual(3);
    const bad = await post<ErrorJson>(studio, '/api/query/run', {
      entity: 'Event',
      where: [{ property: 'seq', op: 'eq', value: 'x' }],
    });
    expect([bad.status, bad.json.error.code]).toEqual([400, 'INVALID_ARGUMENT']);
    const limit = await post<ErrorJson>(studio, '/api/query/run', {
      entity: 'Event',
      prefix: { stream: 'big' },
      limit: 1001,
    });
    expect([limit.status, limit.json.error.code]).toEqual([400, 'INVALID_ARGUMENT']);
    const scan = await post<ErrorJson>(studio, '/api/query/run', {
      entity: 'Event',
      where: [{ property: 'body', op: 'eq', value: 'x' }],
    });
    expect([scan.status, scan.json.error.code]).toEqual([400, 'QUERY_INVALID']);
  });

  it('offers the collections of entities sharing a table, and explains and runs a collection read', async () => {
    const overview = await get<{
      collections: unknown[];
      entities: { name: string; collections: string[] }[];
    }>(studio, '/api/overview');
    expect(overview.json.collections).toEqual([{ name: 'media', members: ['Video', 'Comment'] }]);
    expect(overview.json.entities.find((e) => e.name === 'Comment')!.collections).toEqual(['media']);
    const form = { kind: 'collection', collection: 'media', prefix: { videoId: 'v1' } };
    const explained = await post<{
      explainText: string;
      request: { rows: { rowRanges: { startKeyClosed: Bytes }[] } };
      typescript: string;
    }>(studio, '/api/query/explain', form);
    expect(explained.status, explained.text).toBe(200);
    expect(explained.json.explainText).toMatch(/\S/);
    expect(explained.json.typescript).toContain(
      'await mapper.collection({ Video, Comment })\n  .key({ videoId: "v1" })',
    );
    const run = await post<{ rows: (EntityRow & { entity: string })[]; stats: { rowsReturned: number } }>(
      studio,
      '/api/query/run',
      {
        ...form,
        where: [{ member: 'Comment', property: 'text', op: 'eq', value: 'two' }],
      },
    );
    expect(run.status, run.text).toBe(200);
    expect(run.json.rows.map((r) => [r.entity, r.values.title?.text ?? r.values.text?.text])).toEqual([
      ['Video', 'First <i>video</i>'],
      ['Comment', 'two'],
    ]);
    expect(run.json.stats.rowsReturned).toBe(2);
    const unknown = await post<ErrorJson>(studio, '/api/query/run', {
      kind: 'collection',
      collection: 'nope',
    });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'STUDIO_UNKNOWN_COLLECTION']);
    const badMember = await post<ErrorJson>(studio, '/api/query/run', {
      ...form,
      where: [{ member: 'Nope', property: 'text', op: 'eq', value: 'x' }],
    });
    expect([badMember.status, badMember.json.error.code]).toEqual([400, 'INVALID_ARGUMENT']);
  });
});
