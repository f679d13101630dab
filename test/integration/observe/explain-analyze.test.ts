import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { Mapper } from '../../../src/index.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { committedRowResponse } from '../../support/mock-bigtable-server.js';
import { useMockBigtableServer } from '../../support/use-mock-bigtable-server.js';

@Entity({ table: 'analyzed_readings' })
@Family('d')
class Reading {
  @KeyPart(0, 'string') device!: string;
  @KeyPart(1, 'int64') seq!: bigint;
  @Column({ family: 'd', codec: 'float64' }) cpu!: number;
}

@Entity({ table: 'analyzed_readings' })
@Family('d')
class Device {
  @KeyPart(0, 'string') device!: string;
  @Column({ family: 'd', codec: 'string' }) model!: string;
}

@Entity({ table: 'mocked' })
@Family('f')
class Mocked {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'f', qualifier: 'col', codec: 'string' }) col!: string;
}

const reading = (device: string, seq: number, cpu: number): Reading =>
  Object.assign(new Reading(), { device, seq: BigInt(seq), cpu });

/** `explain({ analyze: true })` runs the read and reports what it cost next to the plan. */
describe('explain({ analyze: true }) (emulator)', () => {
  const mapper = useMapper([Reading]);

  it('a query: rows and cells received vs returned, bytes, requests, attempts, the plan, server stats', async () => {
    const readings = mapper().repository(Reading);
    await readings.saveMany(Array.from({ length: 20 }, (_, i) => reading('r1', i, i / 20)));
    const query = readings.find({ device: 'r1' }).where('cpu', '>', 0.8); // float64 '>': checked on the client
    const analysis = await query.explain({ analyze: true });
    expect(analysis).toMatchObject({
      plan: query.explain(),
      rowsReceived: 20,
      cellsReceived: 20,
      rowsReturned: 3,
      requests: 1,
      attempts: 1,
    });
    // The emulator (gcloud 528) answers REQUEST_STATS_FULL: it counts what it returns (it has no filter pushdown
    // to report on); Bigtable itself counts what it scanned.
    expect(analysis.server).toMatchObject({ rowsSeen: 20n, rowsReturned: 20n, attempts: 1 });
    expect(analysis.bytesReceived).toBeGreaterThan(0);
    expect(analysis.durationMs).toBeGreaterThanOrEqual(0);
    expect(analysis.text).toContain(query.explain().trimEnd());
    expect(analysis.text).toContain('rows received 20, returned 3');
    expect(analysis.text).toContain('server: rows seen 20, returned 20');
  });

  it('a lookup and a collection', async () => {
    const readings = mapper().repository(Reading);
    await readings.saveMany([reading('r2', 1, 0.5), reading('r2', 2, 0.6)]);
    const lookup = await readings
      .lookup([
        { device: 'r2', seq: 1n },
        { device: 'r2', seq: 9n },
      ])
      .explain({ analyze: true });
    expect(lookup).toMatchObject({ rowsReceived: 1, rowsReturned: 1, requests: 1 });
    const collection = await mapper()
      .collection({ device: Device, readings: Reading })
      .key({ device: 'r2' })
      .explain({ analyze: true });
    expect(collection).toMatchObject({ rowsReceived: 2, rowsReturned: 2 });
    expect(collection.text).toContain('analysis:');
  });

  it('refuses an argument that is neither a mode nor { analyze: true }', async () => {
    const query = mapper().repository(Reading).find({ device: 'x' });
    await expect(query.explain({ analyze: false } as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(() => query.explain('sideways' as never)).toThrow();
  });
});

describe('explain({ analyze: true }): the server’s RequestStats (scripted server)', () => {
  const { server, connection } = useMockBigtableServer();
  const stats = {
    requestStats: {
      fullReadStatsView: {
        readIterationStats: {
          rowsSeenCount: '40',
          rowsReturnedCount: '2',
          cellsSeenCount: '120',
          cellsReturnedCount: '2',
        },
        requestLatencyStats: { frontendServerLatency: { seconds: '0', nanos: 7_000_000 } },
      },
    },
  };

  it('asks for REQUEST_STATS_FULL and reports the stats next to what the client received', async () => {
    server().script('ReadRows', [
      [{ response: committedRowResponse('a') }, { response: { ...committedRowResponse('b'), ...stats } }],
    ]);
    const mapper = new Mapper(connection());
    // A scan: a read of one key would end at its row, before the response that carries the stats.
    const analysis = await mapper.repository(Mocked).scan().explain({ analyze: true });
    expect(analysis).toMatchObject({ rowsReceived: 2, rowsReturned: 2 });
    expect(server().callsOf('ReadRows')[0]!.request.requestStatsView).toBe('REQUEST_STATS_FULL');
    expect(analysis.server).toEqual({
      rowsSeen: 40n,
      rowsReturned: 2n,
      cellsSeen: 120n,
      cellsReturned: 2n,
      frontendServerLatencyMs: 7,
      attempts: 1,
    });
    expect(analysis.text).toContain('server: rows seen 40, returned 2; cells seen 120, returned 2');
  });

  it('an ordinary read does not ask for the stats', async () => {
    server().script('ReadRows', [[{ response: committedRowResponse('a') }]]);
    await new Mapper(connection()).repository(Mocked).find({ id: 'a' }).toArray();
    expect(server().callsOf('ReadRows')[0]!.request.requestStatsView).not.toBe('REQUEST_STATS_FULL');
  });
});
