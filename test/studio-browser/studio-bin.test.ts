// The studio as users start it: `bigtable-mapper studio` (the BUILT bin, a child process; `npm run build` first), the
// URL it prints opened in headless Chromium, the Rows view checked — a decoded row, and a row the entity cannot
// decode shown with the library's typed error — then SIGTERM: it exits 0, its server is gone, no process is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Mapper } from '../../src/index.js';
import { mutateRow } from '../../src/transport/mutate-row.js';
import { Device } from '../fixtures/cli/devices.js';
import { emulatorHost, freshInstance } from '../cli/run-bin.js';
import { STUDIO, alive, exited, startBin } from '../studio/studio-bin.js';
import type { Child } from '../studio/studio-bin.js';
import { launchChromium, screenshot } from './support/studio-browser.js';

describe('bigtable-mapper studio (the bin) in headless Chromium', () => {
  const instanceId = freshInstance();
  let mapper: Mapper | undefined;
  let browser: Browser | undefined;
  let run: ReturnType<typeof startBin> | undefined;
  let child: Child | undefined;

  beforeAll(async () => {
    mapper = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    await mapper.ensureSchema([Device]);
    await mapper
      .repository(Device)
      .save(Object.assign(new Device(), { deviceType: 'phone', deviceId: 'p1', cpu: 0.25, osBuild: 'R1' }));
    // A Device row whose cpu cell is text, not a float64: Device cannot decode it.
    await mutateRow(mapper.connection, 'devices', Buffer.from('dev#phone#p2'), [
      {
        kind: 'setCell',
        family: 'stats',
        qualifier: Buffer.from('cpu'),
        timestampMicros: 1000n,
        value: Buffer.from('fast'),
      },
    ]);
    run = startBin([...STUDIO, '--instance', instanceId]);
    child = run.child;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    // Each step runs even when an earlier one (or a test) failed: no Chromium, child process or client is left.
    await browser?.close().catch(() => undefined);
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await mapper?.close();
  });

  it('opens the printed URL and shows the Rows view: a decoded row, and an undecodable one with its typed error', async () => {
    const url = await run!.url;
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const context = await browser!.newContext({ viewport: { width: 1000, height: 640 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await expect.poll(() => page.getByTestId('instance').innerText()).toContain(instanceId);
    await page.getByRole('tab', { name: 'Rows' }).click();
    await page.getByLabel('Entity or table').selectOption('entity:Device');
    await page.getByRole('button', { name: 'Show rows' }).click();
    const decoded = page.locator('tr[data-key="dev#phone#p1"]');
    await expect.poll(() => decoded.count()).toBe(1);
    expect(await decoded.innerText()).toContain('R1');
    expect(await decoded.innerText()).toContain('0.25');

    const broken = page.locator('tr[data-key="dev#phone#p2"]');
    await expect.poll(() => broken.count()).toBe(1);
    const error = broken.getByTestId('error');
    expect(await error.locator('.error-code').innerText()).toBe('VALUE_ENCODING');
    expect(await error.locator('.error-name').innerText()).toBe('ValueEncodingError');
    expect(await error.locator('.error-message').innerText()).toContain('cpu');
    // Its cells are still there to look at, raw.
    await broken.getByRole('button', { name: 'Cells' }).click();
    await expect.poll(() => page.getByTestId('cells').innerText()).toContain('fast');
    await screenshot(page, 'undecodable-row');
    await context.close();
    expect(errors, 'errors thrown in the page').toEqual([]);
  });

  it('stops on SIGTERM: exits 0, its port closed, no process left', async () => {
    const url = new URL(await run!.url);
    child!.kill('SIGTERM');
    const end = await exited(child!);
    expect(end, run!.output()).toEqual({ code: 0, signal: null });
    expect(run!.output()).toContain('Stopped the studio (SIGTERM)');
    expect(alive(child!.pid!)).toBe(false);
    await expect(fetch(url)).rejects.toThrow();
  });
});
