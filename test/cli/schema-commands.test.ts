// `schema plan|apply|check` of the built bin against the run's emulator: create from nothing, idempotence, drift
// and its exit code, stored plans, destructive refusal (exit 4) and its override.
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, emulatorHost, freshInstance, REPO, runBin, scratchDir, TSCONFIG } from './run-bin.js';

describe('bigtable-mapper schema plan, apply and check on the emulator', () => {
  const instance = ['--instance', freshInstance()];
  const v1 = ['--entities', 'test/fixtures/cli/devices.ts', ...TSCONFIG, ...instance];
  const v2 = ['--entities', 'test/fixtures/cli/devices-v2.ts', ...TSCONFIG, ...instance];
  const scratch = scratchDir();
  const env = (): Record<string, string> => cleanEnv({ BIGTABLE_EMULATOR_HOST: emulatorHost() });
  afterAll(() => rmSync(`${REPO}/${scratch}`, { recursive: true, force: true }));

  it('plans the table from nothing; check reports the drift with exit 3', async () => {
    const plan = await runBin(['schema', 'plan', ...v1], env());
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/^2 change\(s\), 0 destructive:\n {2}\+ create table devices\n/);
    const check = await runBin(['schema', 'check', ...v1], env());
    expect(check.code).toBe(3);
    expect(check.stdout).toContain('+ create table devices');
  });

  it('applies, with a progress line per change on stderr (not a terminal), then check is in sync', async () => {
    const apply = await runBin(['schema', 'apply', ...v1], env());
    expect(apply.code).toBe(0);
    expect(apply.stdout).toMatch(/^Applied 2 change\(s\):\n {2}create table devices\n/);
    expect(apply.stderr).toMatch(/^applied 1\/2: create table devices\n/);
    expect(apply.stderr).toContain('applied 2/2: set row-key schema of devices');
    const check = await runBin(['schema', 'check', ...v1], env());
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^No changes: the tables match the entities\.\n/);
    const again = await runBin(['schema', 'apply', ...v1], env());
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('No changes: the tables match the entities.\n');
    expect(again.stderr).toBe('');
  });

  it('--json check gives the drift as data, the emulator connection taken from --emulator', async () => {
    const check = await runBin(
      ['--json', 'schema', 'check', ...v2, '--emulator', emulatorHost()],
      cleanEnv(),
    );
    expect(check.code).toBe(3);
    const drift = JSON.parse(check.stdout) as {
      inSync: boolean;
      changes: { kind: string; family: string }[];
    };
    expect(drift.inSync).toBe(false);
    expect(drift.changes.map((c) => `${c.kind} ${c.family}`)).toEqual([
      'changeGcRule stats',
      'addFamily tags',
    ]);
  });

  it('stores a plan with --out and applies it with --plan', async () => {
    const file = `${scratch}/plan.json`;
    const plan = await runBin(['schema', 'plan', ...v2, '--out', file], env());
    expect(plan.code).toBe(0);
    const stored = JSON.parse(readFileSync(`${REPO}/${file}`, 'utf8')) as { changes: unknown[] };
    expect(stored.changes).toHaveLength(2);
    const apply = await runBin(['--json', 'schema', 'apply', '--plan', file, ...instance], env());
    expect(apply.code).toBe(0);
    expect((JSON.parse(apply.stdout) as { applied: unknown[] }).applied).toHaveLength(2);
    expect((await runBin(['schema', 'check', ...v2], env())).code).toBe(0);
  });

  it('refuses a destructive plan with exit 4 and sends nothing; --allow-destructive runs it', async () => {
    // v1 no longer declares `tags`, and its `stats` GC differs: check sees drift, pruning it drops a family.
    expect((await runBin(['schema', 'check', ...v1], env())).code).toBe(3);
    const refused = await runBin(['schema', 'apply', ...v1, '--prune-families'], env());
    expect(refused.code).toBe(4);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.split('\n')[0]).toMatch(
      /^error \[DESTRUCTIVE_CHANGE\]: .*drop family devices\.tags/,
    );
    expect(refused.stderr).toContain('rerun with --allow-destructive');
    const still = await runBin(['--json', 'schema', 'check', ...v1], env());
    expect((JSON.parse(still.stdout) as { changes: unknown[] }).changes).toHaveLength(2);
    const allowed = await runBin(
      ['schema', 'apply', ...v1, '--prune-families', '--allow-destructive'],
      env(),
    );
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('drop family devices.tags');
    expect((await runBin(['schema', 'check', ...v1], env())).code).toBe(0);
  });

  it('--table-id maps a declared table to another table id', async () => {
    const copy = [...v1, '--table-id', 'devices=devices_copy'];
    const apply = await runBin(['schema', 'apply', ...copy], env());
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('create table devices_copy');
    expect((await runBin(['schema', 'check', ...copy], env())).code).toBe(0);
    const bad = await runBin(['schema', 'plan', ...v1, '--table-id', 'devices'], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--table-id must be <declared table>=<table id>');
  });

  it('refuses apply without entities or plan, or with an unreadable plan (exit 2)', async () => {
    const neither = await runBin(['schema', 'apply', ...instance], env());
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('--entities must be entity modules, or --plan <file>');
    const unreadable = await runBin(
      ['schema', 'apply', '--plan', `${scratch}/none.json`, ...instance],
      env(),
    );
    expect(unreadable.code).toBe(2);
  });
});
