// `bigtable-mapper studio` as users run it: the BUILT bin as a child process (run `npm run build` first), its printed
// URL queried over HTTP, then SIGTERM: it exits 0 and leaves no process behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mapper } from '../../src/index.js';
import { Device } from '../fixtures/cli/devices.js';
import { emulatorHost, freshInstance } from '../cli/run-bin.js';
import { STUDIO, alive, exited, startBin } from './studio-bin.js';
import type { Child } from './studio-bin.js';

describe('bigtable-mapper studio (the bin)', () => {
  const instanceId = freshInstance();
  let mapper: Mapper;
  const started: Child[] = [];

  beforeAll(async () => {
    mapper = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    await mapper.ensureSchema([Device]);
    await mapper
      .repository(Device)
      .save(Object.assign(new Device(), { deviceType: 'phone', deviceId: 'p1', osBuild: '<b>R1</b>' }));
  });
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await mapper.close();
  });

  it('prints its URL, answers with the token, and on SIGTERM closes and exits 0 leaving no process', async () => {
    const run = startBin([...STUDIO, '--instance', instanceId]);
    started.push(run.child);
    const url = new URL(await run.url);
    expect(url.hostname).toBe('127.0.0.1');
    const token = url.searchParams.get('token')!;
    const base = `http://127.0.0.1:${url.port}`;
    expect((await fetch(`${base}/api/overview`)).status).toBe(401);
    const overview = (await (
      await fetch(`${base}/api/overview`, { headers: { 'X-Studio-Token': token } })
    ).json()) as {
      instance: string;
      allowWrites: boolean;
      entities: { name: string }[];
    };
    expect(overview).toMatchObject({
      instance: instanceId,
      allowWrites: false,
      entities: [{ name: 'Device' }],
    });
    const rows = (await (
      await fetch(`${base}/api/rows?entity=Device`, { headers: { 'X-Studio-Token': token } })
    ).json()) as {
      rows: { values: { osBuild: { text: string } } }[];
    };
    expect(rows.rows[0]!.values.osBuild.text).toBe('<b>R1</b>');
    const page = await fetch(`${base}/?token=${token}`);
    expect(page.status).toBe(200);

    run.child.kill('SIGTERM');
    const end = await exited(run.child);
    expect(end, run.output()).toEqual({ code: 0, signal: null });
    expect(run.output()).toContain('Stopped the studio (SIGTERM)');
    expect(alive(run.child.pid!)).toBe(false);
    await expect(fetch(`${base}/api/overview`, { headers: { 'X-Studio-Token': token } })).rejects.toThrow();
  });

  it('--json prints { url, port }, --allow-writes turns writes on, and SIGINT stops it too', async () => {
    const run = startBin(['--json', ...STUDIO, '--instance', instanceId, '--allow-writes']);
    started.push(run.child);
    const url = new URL(await run.url);
    const token = url.searchParams.get('token')!;
    const overview = (await (
      await fetch(`http://127.0.0.1:${url.port}/api/overview`, { headers: { 'X-Studio-Token': token } })
    ).json()) as { allowWrites: boolean };
    expect(overview.allowWrites).toBe(true);
    run.child.kill('SIGINT');
    const end = await exited(run.child);
    expect(end, run.output()).toEqual({ code: 0, signal: null });
    expect(run.output()).toContain('Stopped the studio (SIGINT)');
  });

  it('refuses a bad --port as a usage error (exit 2) without listening', async () => {
    const run = startBin([...STUDIO, '--port', 'x']);
    started.push(run.child);
    run.url.catch(() => undefined);
    const end = await exited(run.child);
    expect(end.code, run.output()).toBe(2);
    expect(run.output()).toContain('--port');
  });
});
