// `describe` and `read` of the built bin against rows written through the SDK on the run's emulator.
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Column, Entity, Family, Gc, KeyPart } from '../../decorators/index.js';
import { Mapper } from '../../src/repository/mapper.js';
import { Device } from '../fixtures/cli/devices.js';
import { Comment, Video } from '../fixtures/cli/media.js';
import { cleanEnv, emulatorHost, freshInstance, REPO, runBin, scratchDir, TSCONFIG } from './run-bin.js';

// Another entity of the same table, which the CLI is not told about: its keys do not decode as Device.
@Entity({ table: 'devices', prefix: 'note' })
@Family('stats', { gc: Gc.maxVersions(1) })
class Note {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'stats', codec: 'string' }) text!: string;
}

const device = (deviceType: string, deviceId: string, cpu: number, osBuild: string): Device =>
  Object.assign(new Device(), { deviceType, deviceId, cpu, osBuild });

describe('bigtable-mapper describe and read on the emulator', () => {
  const instanceId = freshInstance();
  const flags = ['--entities', 'test/fixtures/cli/devices.ts', ...TSCONFIG, '--instance', instanceId];
  const env = (): Record<string, string> => cleanEnv({ BIGTABLE_EMULATOR_HOST: emulatorHost() });
  let mapper: Mapper;

  beforeAll(async () => {
    mapper = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    await mapper.ensureSchema([Device, Note]);
    const devices = mapper.repository(Device);
    await devices.save(device('phone', 'p1', 0.5, 'R1'));
    await devices.save(device('phone', 'p2', 0.25, 'R2'));
    await devices.save(device('tablet', 't1', 1, 'T1'));
    await devices.aggregate({ deviceType: 'phone', deviceId: 'p1' }, 'views', 3);
    await mapper.repository(Note).save(Object.assign(new Note(), { id: 'n1', text: 'hello' }));
  });
  afterAll(async () => {
    await mapper.close();
  });

  it('describe shows families, GC, aggregate types, the row-key schema state and decoded sample keys', async () => {
    const r = await runBin(['describe', 'devices', ...flags], env());
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      'Table devices',
      'Families (2):',
      '  stats  gc maxVersions(1)',
      '  views  gc none  aggregate sum (int64)',
      "Row-key schema: unknown (the emulator's GetTable does not return rowKeySchema, so whether one is set cannot be read)",
      "Sample keys (4, the table's first):",
      '  dev#phone#p1  Device: deviceType=phone  deviceId=p1',
      '  dev#phone#p2  Device: deviceType=phone  deviceId=p2',
      '  dev#tablet#t1  Device: deviceType=tablet  deviceId=t1',
      expect.stringMatching(/^ {2}note#n1 {2}\(Device: .+\)$/),
      '',
    ]);
  });

  it('describe --json, --sample, and a row-key schema file to decode keys without entities', async () => {
    const json = await runBin(['--json', 'describe', 'devices', ...flags, '--sample', '1'], env());
    expect(json.code).toBe(0);
    const d = JSON.parse(json.stdout) as {
      families: Record<string, unknown>;
      samples: { key: string; keyBase64: string; decodedBy: string; fields: unknown[] }[];
    };
    expect(d.families).toEqual({ stats: { gcRule: { maxVersions: 1 } }, views: { aggregate: 'sum' } });
    expect(d.samples).toEqual([
      {
        key: 'dev#phone#p1',
        keyBase64: Buffer.from('dev#phone#p1').toString('base64'),
        decodedBy: 'Device',
        fields: [
          { name: 'deviceType', value: 'phone' },
          { name: 'deviceId', value: 'p1' },
        ],
      },
    ]);
    const bySchema = await runBin(
      [
        'describe',
        'devices',
        '--instance',
        instanceId,
        '--row-key-schema',
        'test/fixtures/cli/devices.row-key-schema.yaml',
      ],
      env(),
    );
    expect(bySchema.code).toBe(0);
    expect(bySchema.stdout).toContain(
      '  dev#tablet#t1  row key schema: literal_0=dev  deviceType=tablet  deviceId=t1\n',
    );
    const missing = await runBin(['describe', 'nothing_here', '--instance', instanceId], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr.split('\n')[0]).toBe(
      'error [INVALID_ARGUMENT]: describe: table must be an existing table, got "nothing_here"',
    );
  });

  it('read prints the entity rows of the table as a text table, other entities left out', async () => {
    const r = await runBin(['read', 'devices', ...flags], env());
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      'key            deviceType  deviceId  cpu   osBuild  views',
      'dev#phone#p1   phone       p1        0.5   R1       3',
      'dev#phone#p2   phone       p2        0.25  R2       0',
      'dev#tablet#t1  tablet      t1        1     T1       0',
      '',
    ]);
    expect(r.stderr).toBe('3 row(s) of Device\n');
  });

  it('read --json writes JSON lines, within --prefix, --start/--end, --limit and --reverse', async () => {
    const lines = async (...args: string[]): Promise<{ key: string; entity: Record<string, unknown> }[]> => {
      const r = await runBin(['--json', 'read', 'devices', ...flags, ...args], env());
      expect(r.code).toBe(0);
      return r.stdout
        .trim()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { key: string; entity: Record<string, unknown> });
    };
    const phones = await lines('--prefix', 'dev#phone#');
    expect(phones).toEqual([
      {
        key: 'dev#phone#p1',
        entity: { deviceType: 'phone', deviceId: 'p1', cpu: 0.5, osBuild: 'R1', views: 3 },
      },
      {
        key: 'dev#phone#p2',
        entity: { deviceType: 'phone', deviceId: 'p2', cpu: 0.25, osBuild: 'R2', views: 0 },
      },
    ]);
    expect((await lines('--start', 'dev#phone#p2', '--end', 'dev#tablet#t1')).map((l) => l.key)).toEqual([
      'dev#phone#p2',
    ]);
    expect((await lines('--limit', '1', '--reverse')).map((l) => l.key)).toEqual(['dev#tablet#t1']);
    expect(await lines('--prefix', 'note#')).toEqual([]);
  });

  it('codegen --table infers entities from the live table, with sampling progress and each guess commented', async () => {
    const args = ['codegen', '--table', 'devices', '--instance', instanceId, '--max-rows', '50'];
    const r = await runBin(args, env());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\/\/ Generated by bigtable-mapper codegen from live table devices/);
    expect(r.stdout).toContain("@Family('stats', { gc: Gc.maxVersions(1) })");
    expect(r.stdout).toContain("@Family('views', { aggregate: 'sum' })");
    expect(r.stdout).toContain('// inferred float64: 3/3 sampled cells are 8 bytes');
    expect(r.stdout).toContain(
      "@Column({ family: 'stats', qualifier: 'os_build', codec: 'string', optional: true })",
    );
    expect(r.stderr).toMatch(/^devices: 4 rows sampled; Devices \(4 rows, \d+ inferences/);
    const json = await runBin(['--json', ...args, '--entity', 'DeviceRow'], env());
    expect(json.code).toBe(0);
    const inferred = JSON.parse(json.stdout) as {
      tableId: string;
      rowsSampled: number;
      entities: { entity: string; source: string; inferences: { subject: string; confidence: string }[] }[];
    };
    expect(inferred).toMatchObject({ tableId: 'devices', rowsSampled: 4 });
    expect(inferred.entities.map((e) => e.entity)).toEqual(['DeviceRow']);
    expect(inferred.entities[0]!.source).toContain('export class DeviceRow');
    expect(inferred.entities[0]!.inferences.map((i) => i.subject)).toContain('cpu');
    const both = await runBin([...args, '--families', 'x.yaml'], env());
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--table must be given without --row-key-schema and --families');
    const missing = await runBin(['codegen', '--table', 'nothing_here', '--instance', instanceId], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error \[/);
  });

  it('codegen --table infers a parent and its child from hierarchical keys; --out-dir names the parent module', async () => {
    const media = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    try {
      await media.ensureSchema([Video, Comment]);
      await media.repository(Video).save(Object.assign(new Video(), { videoId: 'v1', title: 'Cats' }));
      await media
        .repository(Comment)
        .saveMany(
          [1, 2, 3].map((i) =>
            Object.assign(new Comment(), { videoId: 'v1', at: new Date(i * 1e12), text: 'c' }),
          ),
        );
    } finally {
      await media.close();
    }
    const dir = scratchDir();
    try {
      const r = await runBin(
        ['codegen', '--table', 'media', '--instance', instanceId, '--out-dir', dir],
        env(),
      );
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(
        /^media: 4 rows sampled; Media \(1 rows, .*\), MediaC \(child of Media, 3 rows/m,
      );
      expect(r.stdout.trim().split('\n')).toEqual([`${dir}/media.ts`, `${dir}/media-c.ts`]);
      const child = readFileSync(`${REPO}/${dir}/media-c.ts`, 'utf8');
      expect(child).toContain("import { Media } from './media.js';");
      expect(child).toContain("@Entity({ table: 'media', parent: Media, literal: 'c' })");
      const json = await runBin(['--json', 'codegen', '--table', 'media', '--instance', instanceId], env());
      const inferred = JSON.parse(json.stdout) as { entities: { entity: string; parent?: string }[] };
      expect(inferred.entities.map((e) => [e.entity, e.parent])).toEqual([
        ['Media', undefined],
        ['MediaC', 'Media'],
      ]);
    } finally {
      rmSync(`${REPO}/${dir}`, { recursive: true, force: true });
    }
  });

  it('read refuses a table no loaded entity declares, and a bad --limit (exit 2)', async () => {
    const other = await runBin(['read', 'readings', ...flags], env());
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('no loaded entity declares table "readings" (loaded: Device → devices)');
    const limit = await runBin(['read', 'devices', ...flags, '--limit', '0'], env());
    expect(limit.code).toBe(2);
    expect(limit.stderr.split('\n')[0]).toBe(
      'error [INVALID_ARGUMENT]: bigtable-mapper read: --limit must be an integer ≥ 1, got "0"',
    );
  });
});
