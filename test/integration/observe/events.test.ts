import { afterEach, describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import type { CallSummary, MapperEventMap } from '../../../src/index.js';
import { Mapper } from '../../../src/index.js';
import type { RetryNotice } from '../../../src/observe/index.js';
import { SCAN_WARNING_MIN_ROWS } from '../../../src/observe/index.js';
import type { MappingWarning } from '../../../src/mapping/mapping-warning.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { committedRowResponse } from '../../support/mock-bigtable-server.js';
import { useMockBigtableServer } from '../../support/use-mock-bigtable-server.js';
import { Mocked } from './mocked-entity.js';

@Entity({ table: 'evented_points' })
@Family('d')
class Point {
  @KeyPart(0, 'string') series!: string;
  @KeyPart(1, 'int64') n!: bigint;
  @Column({ family: 'd', codec: 'float64' }) value!: number;
  @Column({ family: 'd', codec: 'bytes', optional: true }) blob?: Uint8Array;
}

const point = (series: string, n: number, value = n): Point =>
  Object.assign(new Point(), { series, n: BigInt(n), value });

/** The mapper's event surface: call summaries, retries, warnings (writes' advice and wasteful scans). */
describe('mapper events (emulator)', () => {
  const mapper = useMapper([Point]);
  const offs: Array<() => void> = [];
  afterEach(() => offs.splice(0).forEach((off) => off()));
  const on = <K extends keyof MapperEventMap & string>(name: K, into: Array<MapperEventMap[K]>): void => {
    offs.push(mapper().events.on(name, (e) => into.push(e)));
  };

  it("a 'call' summary after each call, successful or not", async () => {
    const calls: CallSummary[] = [];
    on('call', calls);
    const points = mapper().repository(Point);
    await points.saveMany([point('s', 1), point('s', 2)]);
    await points.find({ series: 's' }).toArray();
    await expect(points.insert(point('s', 1))).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(calls.map((c) => [c.operation, c.outcome, c.errorCode])).toEqual([
      ['saveMany', 'ok', undefined],
      ['find', 'ok', undefined],
      ['insert', 'error', 'ALREADY_EXISTS'],
    ]);
    expect(calls[0]).toMatchObject({
      entity: 'Point',
      table: points.tableId,
      attempts: 1,
      requests: 1,
      retries: 0,
      batch: { size: 2, written: 2, notWritten: 0, unknown: 0 },
    });
    expect(calls[1]).toMatchObject({ rowsReceived: 2, rowsReturned: 2, cellsReceived: 2 });
    expect(calls[1]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(calls[2]!.error).toBeInstanceOf(Error);
  });

  it('refuses an unknown event name or a listener that is no function', () => {
    const events = mapper().events;
    expect(() => events.on('calls' as never, () => undefined)).toThrow(/one of 'call', 'retry', 'warning'/);
    expect(() => events.on('call', 5 as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => events.off('warnings' as never, () => undefined)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => events.has('retries' as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(events.has('retry')).toBe(false);
  });

  it('a listener that throws does not fail the call', async () => {
    offs.push(
      mapper().events.on('call', () => {
        throw new Error('listener bug');
      }),
    );
    await expect(mapper().repository(Point).get({ series: 'x', n: 1n })).resolves.toBeUndefined();
  });

  it("a read that receives many more rows than it returns is a 'warning' event", async () => {
    const warnings: Array<MapperEventMap['warning']> = [];
    on('warning', warnings);
    const points = mapper().repository(Point);
    await points.saveMany(Array.from({ length: SCAN_WARNING_MIN_ROWS }, (_, i) => point('big', i)));
    // float64 '>' is checked on the client: every row of the series is read to return one.
    const found = await points
      .find({ series: 'big' })
      .where('value', '>', SCAN_WARNING_MIN_ROWS - 1.5)
      .toArray();
    expect(found).toHaveLength(1);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'INEFFICIENT_SCAN',
        operation: 'find',
        entity: 'Point',
        rowsReceived: SCAN_WARNING_MIN_ROWS,
        rowsReturned: 1,
      }),
    ]);
    // Few rows read is no warning, however few are returned.
    await points.saveMany([point('small', 1), point('small', 2)]);
    await points.find({ series: 'small' }).where('value', '>', 1e9).toArray();
    expect(warnings).toHaveLength(1);
  });

  it("a write's large-cell advice is a 'warning' event, and no process warning when someone listens", async () => {
    const warnings: Array<MapperEventMap['warning']> = [];
    on('warning', warnings);
    const processWarnings: string[] = [];
    const onProcess = (w: Error): void => void processWarnings.push(w.message);
    process.on('warning', onProcess);
    try {
      const big = Object.assign(point('large', 1), { blob: new Uint8Array(10 * 1024 * 1024 + 1) });
      await mapper().repository(Point).save(big);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onProcess);
    }
    expect(warnings.map((w) => w.code)).toEqual(['LARGE_CELL']);
    expect(processWarnings).toEqual([]);
  });

  it('the onWarning option still receives write warnings, next to the event', async () => {
    const hooked: MappingWarning[] = [];
    const withHook = new Mapper(mapper().connection, {
      tableIds: { evented_points: mapper().repository(Point).tableId },
      onWarning: (w) => hooked.push(w),
    });
    const events: Array<MapperEventMap['warning']> = [];
    withHook.events.on('warning', (w) => events.push(w));
    const big = Object.assign(point('large', 2), { blob: new Uint8Array(10 * 1024 * 1024 + 1) });
    await withHook.repository(Point).save(big);
    expect(hooked.map((w) => w.code)).toEqual(['LARGE_CELL']);
    expect(events.map((w) => w.code)).toEqual(['LARGE_CELL']);
  });
});

describe("mapper events: 'retry' (scripted server)", () => {
  const { server, connection } = useMockBigtableServer();

  it('names the RPC, the try about to be sent and the failure before it', async () => {
    server().script('ReadRows', [[{ error: { code: 14 } }], [{ response: committedRowResponse('a') }]]);
    const mapper = new Mapper(connection(), { retry: { initialBackoffMs: 1 } });
    const retries: RetryNotice[] = [];
    const calls: CallSummary[] = [];
    mapper.events.on('retry', (r) => retries.push(r));
    mapper.events.on('call', (c) => calls.push(c));
    const got = await mapper.repository(Mocked).get({ id: 'a' });
    expect(got?.col).toBe('v');
    expect(retries).toEqual([
      expect.objectContaining({ operation: 'get', entity: 'Mocked', rpc: 'ReadRows', attempt: 2 }),
    ]);
    expect(calls).toEqual([
      expect.objectContaining({ attempts: 2, retries: 1, requests: 1, rowsReturned: 1 }),
    ]);
  });

  it('a write whose answer is lost: a call summary with OUTCOME_UNKNOWN, and no retry of the write', async () => {
    // UNAVAILABLE after the request reached the server: the write may have applied, so it is never re-sent.
    server().script('MutateRow', [[{ error: { code: 14 } }]]);
    const mapper = new Mapper(connection(), { retry: { initialBackoffMs: 1, maxAttempts: 2 } });
    const retries: RetryNotice[] = [];
    const calls: CallSummary[] = [];
    mapper.events.on('retry', (r) => retries.push(r));
    mapper.events.on('call', (c) => calls.push(c));
    await expect(
      mapper.repository(Mocked).save(Object.assign(new Mocked(), { id: 'a', col: 'v' })),
    ).rejects.toMatchObject({ code: 'OUTCOME_UNKNOWN' });
    expect(server().callsOf('MutateRow')).toHaveLength(1);
    expect(retries.filter((r) => r.rpc === 'MutateRow')).toEqual([]);
    expect(calls).toEqual([
      expect.objectContaining({ operation: 'save', outcome: 'error', errorCode: 'OUTCOME_UNKNOWN' }),
    ]);
    expect(calls[0]!.mutations).toBeGreaterThan(0);
  });
});
