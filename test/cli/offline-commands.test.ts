// The CLI's commands that need no table (export, lint, codegen) and its usage errors, run as the built bin.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { expectGolden } from '../support/golden-file.js';
import { SEED_FAMILIES, SEED_ROW_KEY_SCHEMA } from '../unit/schema/codegen/seed-device-files.js';
import { cleanEnv, REPO, runBin, scratchDir, TSCONFIG } from './run-bin.js';

const DEVICES = ['--entities', 'test/fixtures/cli/devices.ts', ...TSCONFIG];
const scratch = scratchDir();
afterAll(() => rmSync(`${REPO}/${scratch}`, { recursive: true, force: true }));

describe('bigtable-mapper schema export', () => {
  it('prints both files of each entity of a .js defineEntity module', async () => {
    const r = await runBin(['schema', 'export', '--entities', 'test/fixtures/cli/readings.js']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('==> reading.row-key-schema.yaml <==\nfields:\n  - fieldName: sensor');
    expect(r.stdout).toContain('==> reading.families.yaml <==\ntable: readings\nentity: Reading\n');
  });

  it('writes the files to --out-dir, and they generate the entity back through codegen', async () => {
    const r = await runBin(['schema', 'export', ...DEVICES, '--out-dir', scratch, '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      `${scratch}/device.row-key-schema.json`,
      `${scratch}/device.families.json`,
    ]);
    const families = JSON.parse(readFileSync(`${REPO}/${scratch}/device.families.json`, 'utf8')) as {
      table: string;
    };
    expect(families.table).toBe('devices');
    const back = await runBin([
      'codegen',
      '--row-key-schema',
      `${scratch}/device.row-key-schema.json`,
      '--families',
      `${scratch}/device.families.json`,
    ]);
    expect(back.code).toBe(0);
    expect(back.stdout).toContain("@Entity({ table: 'devices', prefix: 'dev' })");
    expect(back.stdout).toContain("@Aggregate({ family: 'views', qualifier: 'n', as: 'number' })");
  });

  it("a child entity's files name its parent; codegen generates both from both pairs, and refuses the child alone", async () => {
    const dir = `${scratch}/media`;
    const media = ['--entities', 'test/fixtures/cli/media.ts', ...TSCONFIG];
    expect((await runBin(['schema', 'export', ...media, '--out-dir', dir])).code).toBe(0);
    expect(readFileSync(`${REPO}/${dir}/comment.families.yaml`, 'utf8')).toMatch(
      /^table: media\nentity: Comment\nparent: Video\nliteral: c\n/,
    );
    const both = await runBin([
      'codegen',
      '--row-key-schema',
      `${dir}/comment.row-key-schema.yaml`,
      `${dir}/video.row-key-schema.yaml`,
      '--families',
      `${dir}/comment.families.yaml`,
      `${dir}/video.families.yaml`,
    ]);
    expect(both.stderr).toBe('');
    expect(both.code).toBe(0);
    expect(both.stdout.indexOf('export class Video {')).toBeLessThan(
      both.stdout.indexOf('export class Comment {'),
    );
    expect(both.stdout).toContain("@Entity({ table: 'media', parent: Video, literal: 'c' })");
    const alone = await runBin([
      'codegen',
      '--row-key-schema',
      `${dir}/comment.row-key-schema.yaml`,
      '--families',
      `${dir}/comment.families.yaml`,
    ]);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain(
      `Comment.parent: ${dir}/comment.families.yaml: parent "Video" is none of the entities of the given schema files`,
    );
    const unpaired = await runBin([
      'codegen',
      '--row-key-schema',
      `${dir}/comment.row-key-schema.yaml`,
      '--families',
    ]);
    expect(unpaired.code).toBe(2);
    const lint = await runBin([
      'lint',
      '--row-key-schema',
      `${dir}/video.row-key-schema.yaml`,
      `${dir}/comment.row-key-schema.yaml`,
      '--families',
      `${dir}/video.families.yaml`,
      `${dir}/comment.families.yaml`,
    ]);
    expect(lint.code).toBe(0);
    expect(lint.stdout).toBe((await runBin(['lint', ...media])).stdout);
    const lintAlone = await runBin([
      'lint',
      '--row-key-schema',
      `${dir}/comment.row-key-schema.yaml`,
      '--families',
      `${dir}/comment.families.yaml`,
    ]);
    expect(lintAlone.code).toBe(1);
    expect(lintAlone.stderr).toContain(
      `Comment.parent: ${dir}/comment.families.yaml: parent "Video" is none`,
    );
  });

  it('--json gives every file of every entity as data', async () => {
    const r = await runBin(['--json', 'schema', 'export', ...DEVICES]);
    expect(r.code).toBe(0);
    const [device] = JSON.parse(r.stdout) as {
      entity: string;
      table: string;
      files: Record<string, string>;
    }[];
    expect(device!.entity).toBe('Device');
    expect(Object.keys(device!.files)).toEqual(['device.row-key-schema.yaml', 'device.families.yaml']);
  });
});

describe('bigtable-mapper lint', () => {
  it('prints the findings and exits 3 on an error finding', async () => {
    const r = await runBin(['lint', '--entities', 'test/fixtures/cli/hotspot.ts', ...TSCONFIG]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^error {4}Event\.at {2}key-timestamp-first\n/);
    expect(r.stdout).toContain('warning  Event.payload  gc-versioned-unbounded');
    expect(r.stdout.trimEnd().endsWith('1 error(s), 1 warning(s), 1 info')).toBe(true);
  });

  it('exits 0 when findings are below --fail-on, 3 when at it; --json lists them', async () => {
    const clean = await runBin(['lint', ...DEVICES]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('0 error(s), 0 warning(s)');
    const strict = await runBin(['lint', ...DEVICES, '--fail-on', 'info']);
    expect(strict.code).toBe(3);
    const never = await runBin([
      '--json',
      'lint',
      '--entities',
      'test/fixtures/cli/hotspot.ts',
      ...TSCONFIG,
      '--fail-on',
      'never',
    ]);
    expect(never.code).toBe(0);
    const { findings } = JSON.parse(never.stdout) as { findings: { ruleId: string; severity: string }[] };
    expect(findings.map((f) => f.ruleId)).toEqual([
      'key-timestamp-first',
      'gc-versioned-unbounded',
      'key-size-unbounded',
    ]);
  });

  it('reads silences and bounds from --config', async () => {
    const config = `${scratch}/lint.yaml`;
    writeFileSync(
      `${REPO}/${config}`,
      'allow:\n  Event:\n    key-timestamp-first: one writer, one row per second\nmaxBytes:\n  Event: { id: 32 }\n',
    );
    const r = await runBin([
      'lint',
      '--entities',
      'test/fixtures/cli/hotspot.ts',
      ...TSCONFIG,
      '--config',
      config,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('key-timestamp-first');
    expect(r.stdout).not.toContain('key-size-unbounded');
    expect(r.stdout).toContain('gc-versioned-unbounded');
  });
});

describe('bigtable-mapper lint on schema files', () => {
  it('finds on the exported files what it finds on the entity, before any code exists', async () => {
    const dir = `${scratch}/hotspot`;
    const hotspot = ['--entities', 'test/fixtures/cli/hotspot.ts', ...TSCONFIG];
    expect((await runBin(['schema', 'export', ...hotspot, '--out-dir', dir])).code).toBe(0);
    const onEntity = await runBin(['lint', ...hotspot]);
    const onFiles = await runBin([
      'lint',
      '--row-key-schema',
      `${dir}/event.row-key-schema.yaml`,
      '--families',
      `${dir}/event.families.yaml`,
    ]);
    expect(onFiles.code).toBe(3);
    expect(onFiles.stdout).toBe(onEntity.stdout);
    const unpaired = await runBin(['lint', '--row-key-schema', `${dir}/event.row-key-schema.yaml`]);
    expect(unpaired.code).toBe(2);
    expect(unpaired.stderr).toContain('--families must be one families file per row-key schema file');
  });
});

describe('bigtable-mapper codegen', () => {
  const rowKeySchema = `${scratch}/seed.row-key-schema.yaml`;
  const families = `${scratch}/seed.families.yaml`;
  writeFileSync(`${REPO}/${rowKeySchema}`, SEED_ROW_KEY_SCHEMA);
  writeFileSync(`${REPO}/${families}`, SEED_FAMILIES);
  const golden = (name: string): URL => new URL(`../golden/codegen/__golden__/${name}`, import.meta.url);

  it("prints the seed's entity exactly as the library generates it (both styles)", async () => {
    const decorated = await runBin(['codegen', '--row-key-schema', rowKeySchema, '--families', families]);
    expect(decorated.code).toBe(0);
    expect(decorated.stderr).toBe('');
    expectGolden(decorated.stdout, golden('seed-device.decorators.ts.txt'));
    const defined = await runBin([
      'codegen',
      '--row-key-schema',
      rowKeySchema,
      '--families',
      families,
      '--style',
      'define-entity',
    ]);
    expectGolden(defined.stdout, golden('seed-device.define-entity.ts.txt'));
  });

  it('writes --out, and reports generator problems as one error with exit 1', async () => {
    const outFile = `${scratch}/device.ts`;
    const r = await runBin([
      'codegen',
      '--row-key-schema',
      rowKeySchema,
      '--families',
      families,
      '--out',
      outFile,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`wrote ${outFile}\n`);
    expectGolden(readFileSync(`${REPO}/${outFile}`, 'utf8'), golden('seed-device.decorators.ts.txt'));
    const broken = `${scratch}/broken.families.yaml`;
    writeFileSync(
      `${REPO}/${broken}`,
      'table: devices\nentity: Device\nfamilies:\n  d:\n    gc: { maxAge: 3 weeks }\n',
    );
    const bad = await runBin(['codegen', '--row-key-schema', rowKeySchema, '--families', broken]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^error \[METADATA_INVALID\]: Invalid entity metadata for families file/);
    expect(bad.stderr).toContain('families file.families.d.gc.maxAge');
    expect(bad.stderr).not.toContain('    at '); // no stack without --verbose
    const verbose = await runBin([
      '--verbose',
      'codegen',
      '--row-key-schema',
      rowKeySchema,
      '--families',
      broken,
    ]);
    expect(verbose.stderr).toContain('    at ');
  });
});

describe('usage errors and module loading', () => {
  it('exits 2 with one error line for unknown commands, unknown options and missing options', async () => {
    const unknown = await runBin(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe("error [USAGE]: unknown command 'frobnicate'");
    const option = await runBin(['lint', ...DEVICES, '--colour']);
    expect(option.code).toBe(2);
    expect(option.stderr.split('\n')[0]).toBe("error [USAGE]: unknown option '--colour'");
    const missing = await runBin(['codegen', '--families', 'x.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'codegen: --row-key-schema must be given: codegen needs --row-key-schema and --families, or --table',
    );
    const badValue = await runBin(['lint', ...DEVICES, '--fail-on', 'sometimes']);
    expect(badValue.code).toBe(2);
    expect(badValue.stderr).toMatch(
      /^error \[INVALID_ARGUMENT\]: bigtable-mapper lint: --fail-on must be error/,
    );
  });

  it('--help and --version exit 0', async () => {
    const help = await runBin(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['schema', 'lint', 'codegen', 'describe', 'read', 'emulator'])
      expect(help.stdout).toContain(command);
    const version = await runBin(['--version']);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(`${REPO}/package.json`, 'utf8')) as { version: string }).version,
    );
  });

  it('refuses a module without entities, and a missing module, naming the path (exit 1)', async () => {
    const none = await runBin(['lint', '--entities', 'test/fixtures/cli/no-entities.js']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      'test/fixtures/cli/no-entities.js must be a module exporting entity classes',
    );
    const missing = await runBin(['lint', '--entities', 'test/fixtures/cli/nowhere.js']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error \[INVALID_ARGUMENT\]: .*nowhere\.js/);
    expect(missing.stderr).toContain('caused by: Cannot find module');
  });

  it('loads a .ts module compiled without experimentalDecorators (TC39 standard decorators) like a legacy one', async () => {
    const tsconfig = `${scratch}/standard-decorators.json`;
    writeFileSync(`${REPO}/${tsconfig}`, JSON.stringify({ compilerOptions: { target: 'ES2022' } }));
    const standard = await runBin(['lint', ...DEVICES.slice(0, 2), '--tsconfig', tsconfig]);
    expect(standard.stderr).toBe('');
    expect(standard.code).toBe(0);
    expect(standard.stdout).toBe((await runBin(['lint', ...DEVICES])).stdout);
  });

  it('needs a project and an instance without an emulator (exit 2)', async () => {
    const r = await runBin(['schema', 'check', ...DEVICES], cleanEnv());
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain('--project must be a project id');
  });
});
