// The studio's read API over HTTP against the emulator: the overview, decoded rows as escaped and truncated display
// objects, raw rows, paging that reads one page per request, typed key-part input, and close().
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mutateRow } from '../../src/transport/mutate-row.js';
import type { CallSummary } from '../../src/index.js';
import { Mapper } from '../../src/index.js';
import { startStudio } from '../../src/studio/index.js';
import type { StudioServer } from '../../src/studio/index.js';
import { Account, Event, Gadget, emulatorHost, freshInstance } from './studio-fixtures.js';
import type { Bytes, EntityRow, ErrorJson } from './studio-support.js';
import { get } from './studio-support.js';

const ROWS = 5_000;
const BIG = 1_536 * 1024; // 1.5 MiB: above the 4 KiB preview, far below Bigtable's limits

describe('studio rows API', () => {
  const instanceId = freshInstance();
  let mapper: Mapper;
  let studio: StudioServer;
  const calls: CallSummary[] = [];

  beforeAll(async () => {
    mapper = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    await mapper.ensureSchema([Gadget, Account, Event]);
    const gadgets = mapper.repository(Gadget);
    await gadgets.save(
      Object.assign(new Gadget(), { kind: 'xss', id: 'a', name: '<script>alert(1)</script>' }),
    );
    await gadgets.save(
      Object.assign(new Gadget(), {
        kind: 'xss',
        id: 'b',
        name: 'bell\u0007esc\u001b[31mred\u0000nul\u202Eevil',
        blob: Uint8Array.from([0x41, 0xff, 0xfe, 0xc3, 0x28, 0x5c, 0x0a]),
      }),
    );
    await gadgets.save(
      Object.assign(new Gadget(), {
        kind: 'xss',
        id: 'c',
        blob: new Uint8Array(BIG).fill(0x61),
        name: 'x'.repeat(10_000),
      }),
    );
    // A Gadget row whose cpu cell is text, not a float64: Gadget cannot decode it.
    await mutateRow(mapper.connection, 'studio_devices', Buffer.from('dev#xss#d'), [
      {
        kind: 'setCell',
        family: 'stats',
        qualifier: Buffer.from('cpu'),
        timestampMicros: 1000n,
        value: Buffer.from('text'),
      },
    ]);
    const events = mapper.repository(Event);
    for (let from = 0; from < ROWS; from += 500)
      await events.saveMany(
        Array.from({ length: 500 }, (_, i) =>
          Object.assign(new Event(), { stream: 's1', seq: from + i, body: `event ${from + i}` }),
        ),
      );
    mapper.events.on('call', (c) => void calls.push(c));
    studio = await startStudio({ mapper, entities: [Gadget, Account, Event], version: '9.9.9' });
  });
  afterAll(async () => {
    await studio?.close();
    await mapper.close();
  });

  it('describes the connection, the entities and the tables', async () => {
    const { status, json } = await get(studio, '/api/overview');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      project: 'emulator',
      instance: instanceId,
      emulator: true,
      allowWrites: false,
      version: '9.9.9',
    });
    const entities = json.entities as {
      name: string;
      table: string;
      keyParts: unknown[];
      properties: { name: string; editable: boolean }[];
    }[];
    expect(entities.map((e) => e.name)).toEqual(['Gadget', 'Account', 'Event']);
    expect(entities[2]!.keyParts).toEqual([
      { name: 'stream', type: 'string', encoding: 'delimited' },
      { name: 'seq', type: 'int64', as: 'number', encoding: 'delimited' },
    ]);
    expect(entities[0]!.properties.map((p) => [p.name, p.editable])).toEqual([
      ['name', false],
      ['cpu', false],
      ['blob', false],
    ]);
    expect(json.tables).toEqual([
      { name: 'studio_accounts', claimedBy: ['Account'] },
      { name: 'studio_devices', claimedBy: ['Gadget'] },
      { name: 'studio_events', claimedBy: ['Event'] },
    ]);
  });

  it('shows <script>, control characters, invalid UTF-8 and large cells as escaped, truncated display objects', async () => {
    const answer = await get<{ rows: EntityRow[] }>(
      studio,
      `/api/rows?entity=Gadget&prefix=${encodeURIComponent('{"kind":"xss"}')}`,
    );
    expect(answer.status).toBe(200);
    // No markup in the answer at all: `<` travels as \u003c.
    expect(answer.text).not.toContain('<script>');
    expect(answer.text.length).toBeLessThan(64 * 1024);
    const [a, b, c, d] = answer.json.rows;
    // A row the entity cannot decode is shown with the library's error instead of values.
    expect(d).toMatchObject({
      key: { text: 'dev#xss#d' },
      keyParts: {},
      values: {},
      decodeError: { code: 'VALUE_ENCODING' },
    });
    // A read-only studio keeps no row for edits: no version token.
    expect(a).not.toHaveProperty('version');
    expect(a!.values.name).toEqual({
      type: 'string',
      text: '<script>alert(1)</script>',
      truncated: false,
      json: '<script>alert(1)</script>',
    });
    expect(a!.key).toEqual({
      size: 9,
      hex: Buffer.from('dev#xss#a').toString('hex'),
      text: 'dev#xss#a',
      utf8: true,
      truncated: false,
    });
    expect(b!.values.name!.text).toBe(
      'bell\\x07esc\\x1b[31mred\\x00nul\u202Eevil'.replace('\u202E', '\u202E'),
    );
    expect(b!.values.blob).toEqual({ type: 'bytes', text: 'A\\xff\\xfe\\xc3(\\x5c\\x0a', truncated: false });
    expect(c!.values.name).toMatchObject({ type: 'string', truncated: true });
    expect(c!.values.name!.text).toHaveLength(4096);
    expect(c!.values.blob).toMatchObject({ type: 'bytes', truncated: true });
    expect(c!.values.blob!.text).toHaveLength(4096);

    const raw = await get<{
      key: Bytes;
      cells: { family: string; qualifier: Bytes; value: Bytes; timestampMicros: string }[];
    }>(studio, `/api/row?entity=Gadget&key=${Buffer.from('dev#xss#c').toString('hex')}`);
    expect(raw.status).toBe(200);
    expect(raw.text.length).toBeLessThan(64 * 1024);
    const blob = raw.json.cells.find((cell) => cell.qualifier.text === 'blob')!;
    expect(blob.value).toMatchObject({ size: BIG, truncated: true, utf8: true });
    expect(blob.value.hex).toHaveLength(8192);
    expect(blob.timestampMicros).toMatch(/^\d+$/);
    const rawB = await get<{ cells: { qualifier: Bytes; value: Bytes }[] }>(
      studio,
      `/api/row?table=studio_devices&key=${Buffer.from('dev#xss#b').toString('hex')}`,
    );
    expect(rawB.json.cells.find((cell) => cell.qualifier.text === 'blob')!.value).toEqual({
      size: 7,
      hex: '41fffec3285c0a',
      text: 'A\\xff\\xfe\\xc3(\\x5c\\x0a',
      utf8: false,
      truncated: false,
    });
  });

  it('pages through 5,000 rows 50 at a time, reading one page (51 rows) per request', async () => {
    let cursor: string | null = null;
    const seen: unknown[] = [];
    for (let page = 0; page < 3; page++) {
      calls.length = 0;
      const path: string = `/api/rows?entity=Event&pageSize=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await get<{ rows: EntityRow[]; nextCursor: string | null }>(studio, path);
      expect(answer.status).toBe(200);
      expect(answer.json.rows).toHaveLength(50);
      seen.push(...answer.json.rows.map((r) => r.keyParts.seq!.json));
      const reads = calls.filter((c) => c.operation !== 'sampleRowKeys' && c.rowsReceived > 0);
      expect(reads).toHaveLength(1);
      expect(reads[0]!.rowsReceived).toBeLessThanOrEqual(51);
      cursor = answer.json.nextCursor;
      expect(cursor).toEqual(expect.any(String));
    }
    expect(seen).toEqual(Array.from({ length: 150 }, (_, i) => i));
    const reverse = await get<{ rows: EntityRow[] }>(studio, '/api/rows?entity=Event&pageSize=2&reverse=1');
    expect(reverse.json.rows.map((r) => r.keyParts.seq!.json)).toEqual([ROWS - 1, ROWS - 2]);
    const ranged = await get<{ rows: EntityRow[] }>(
      studio,
      `/api/rows?entity=Event&pageSize=3&prefix=${encodeURIComponent('{"stream":"s1"}')}&start=${encodeURIComponent('{"seq":"4990"}')}`,
    );
    expect(ranged.json.rows.map((r) => r.keyParts.seq!.json)).toEqual([4990, 4991, 4992]);
    const tooBig = await get<ErrorJson>(studio, '/api/rows?entity=Event&pageSize=501');
    expect(tooBig.status).toBe(400);
  });

  it('pages raw rows of a table with the live-codegen guess', async () => {
    const first = await get<{
      rows: { key: Bytes }[];
      nextCursor: string;
      guess: { source: string; notes: string[] };
    }>(studio, '/api/raw-rows?table=studio_events&pageSize=10');
    expect(first.status).toBe(200);
    expect(first.json.rows).toHaveLength(10);
    expect(first.json.guess.source).toContain('class');
    const second = await get<{ rows: { key: Bytes }[]; guess: unknown }>(
      studio,
      `/api/raw-rows?table=studio_events&pageSize=10&cursor=${first.json.nextCursor}`,
    );
    expect(second.json.rows[0]!.key.text).toBe('ev#s1#00000010');
    expect(second.json.guess).toBeNull();
  });

  it('answers bad key-part input with the library error (name, code, the part), never a 500 with a stack', async () => {
    const cases = [
      [
        `/api/rows?entity=Event&prefix=${encodeURIComponent('{"stream":"s1","seq":"abc"}')}`,
        'INVALID_ARGUMENT',
      ],
      [`/api/rows?entity=Event&prefix=${encodeURIComponent('{"nope":"1"}')}`, 'INVALID_ARGUMENT'],
      [`/api/rows?entity=Event&prefix=${encodeURIComponent('{"seq":"1"}')}`, 'QUERY_INVALID'], // a gap: seq without stream
      [`/api/rows?entity=Gadget&prefix=${encodeURIComponent('{"kind":"a\\u0001b"}')}`, 'QUERY_INVALID'], // below the delimiter
      [`/api/rows?entity=Event&prefix=${encodeURIComponent('not json')}`, 'INVALID_ARGUMENT'],
    ] as const;
    for (const [path, code] of cases) {
      const answer = await get<ErrorJson>(studio, path);
      expect(answer.status, path).toBe(400);
      expect(answer.json.error.code, path).toBe(code);
      expect(answer.json.error.message, path).toMatch(/\S/);
      expect(answer.text, path).not.toMatch(/\n\s+at /);
    }
    const typed = await get<ErrorJson>(
      studio,
      `/api/rows?entity=Event&prefix=${encodeURIComponent('{"stream":"s1","seq":"abc"}')}`,
    );
    expect(typed.json.error).toMatchObject({
      name: 'InvalidArgumentError',
      details: { entity: 'Event', property: 'seq' },
    });
    const unknown = await get<ErrorJson>(studio, '/api/rows?entity=Nope');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('STUDIO_UNKNOWN_ENTITY');
  });
});

describe('studio close()', () => {
  it('ends open connections (and the mapper it opened); a second close is a no-op', async () => {
    const instanceId = freshInstance();
    const closeMapper = vi.spyOn(Mapper.prototype, 'close');
    const studio = await startStudio({
      connection: { projectId: 'emulator', instanceId, emulatorHost: emulatorHost() },
      entities: [Gadget],
    });
    const overview = await get(studio, '/api/overview');
    expect(overview.status).toBe(200);
    // A keep-alive connection stays open after the answer; close() must not wait for it.
    const agentless = await fetch(`http://127.0.0.1:${studio.port}/api/overview`, {
      headers: { 'X-Studio-Token': studio.token, Connection: 'keep-alive' },
    });
    await agentless.text();
    expect(closeMapper).not.toHaveBeenCalled();
    // A client in the middle of sending a request: close() must not wait for it, and it is cut.
    const half = connect(studio.port, '127.0.0.1');
    await new Promise((resolve) => half.once('connect', resolve));
    half.write(`GET /api/overview HTTP/1.1\r\nHost: 127.0.0.1:${studio.port}\r\n`);
    const cut = new Promise((resolve) => half.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await studio.close();
    await cut;
    await studio.close(); // idempotent
    expect(closeMapper).toHaveBeenCalledTimes(1);
    closeMapper.mockRestore();
    await expect(fetch(`http://127.0.0.1:${studio.port}/api/overview`)).rejects.toThrow();
  });
});
