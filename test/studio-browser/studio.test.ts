// The studio in a real browser: headless Chromium (the system's, driven by playwright-core) on the real studio
// server over the emulator, with the device-telemetry seed example's rows and a note entity holding an XSS payload.
// Each view renders the decoded values; paging, a query with its explain, the key-distribution picture, an edit
// with a provoked conflict, the token and --allow-writes refusals, and the payload shown as text. Screenshots go
// to .tmp/studio-browser (UPDATE_SCREENSHOTS=1: also docs/studio/, which docs/studio.md shows).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Column, Entity, Family, Gc, KeyPart, Version } from 'bigtable-mapper/decorators';
import { TestMapper } from 'bigtable-mapper/testing';
import { EMULATOR_HOST_KEY } from 'bigtable-mapper/testing/vitest';
import { startStudio } from '../../src/studio/index.js';
import type { StudioServer } from '../../src/studio/index.js';
import { DeviceDay, deviceTelemetry } from '../../examples/device-telemetry.js';
import { Comment, Video } from '../fixtures/cli/media.js';
import { buildAssets, launchChromium, screenshot } from './support/studio-browser.js';

/** Markup that would run (or at least create an element) if any view rendered a value as HTML. */
const XSS = '<img src=x onerror="window.__studioXss=1"><script>window.__studioXss=2</script>';

@Entity({ table: 'studio_notes' })
@Family('n', { gc: Gc.maxVersions(1) })
@Family('meta', { gc: Gc.maxVersions(1) })
class StudioNote {
  declare static readonly keyParts: readonly ['id'];
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'n', codec: 'string' }) title!: string;
  @Column({ family: 'n', codec: 'boolean' }) done!: boolean;
  @Version({ family: 'meta', qualifier: 'v' }) version!: bigint;
}

/** A numeric key part: text typed into its field is parsed by the server, and a bad one is the library's error. */
@Entity({ table: 'studio_readings' })
@Family('r', { gc: Gc.maxVersions(1) })
class StudioReading {
  @KeyPart(0, { type: 'int64', width: 6, as: 'number' }) sensor!: number;
  @Column({ family: 'r', codec: 'string' }) label!: string;
}

/** A salted key (4 buckets over the device): one hot device fills one bucket, others stay empty. */
@Entity({ table: 'studio_salted', salt: { buckets: 4, of: ['device'] } })
@Family('s', { gc: Gc.maxVersions(1) })
class StudioSalted {
  @KeyPart(0, 'string') device!: string;
  @KeyPart(1, { type: 'int64', width: 4, as: 'number' }) seq!: number;
  @Column({ family: 's', codec: 'string' }) value!: string;
}

/** An entity the studios are not told about: its table is one "no entity claims", shown raw. */
@Entity({ table: 'studio_raw' })
@Family('f', { gc: Gc.maxVersions(1) })
class StudioRaw {
  @KeyPart(0, 'string') sku!: string;
  @Column({ family: 'f', codec: 'string' }) label!: string;
}

const note = (id: string, title: string): StudioNote =>
  Object.assign(new StudioNote(), { id, title, done: false });

let test: TestMapper | undefined;
let unclaimed: TestMapper | undefined;
let readOnly: StudioServer | undefined;
let writable: StudioServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const assetsDir = await buildAssets();
  const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
  test = await TestMapper.create(
    [DeviceDay, StudioNote, StudioReading, StudioSalted, Video, Comment],
    typeof injected === 'string' ? { emulatorHost: injected } : {},
  );
  await deviceTelemetry.run(test.mapper, { setClock: () => undefined });
  const notes = test.mapper.repository(StudioNote);
  for (const n of [note('n1', 'First note'), note('n2', XSS), note('n3', 'Third note')]) await notes.save(n);
  unclaimed = await TestMapper.create(
    [StudioRaw],
    typeof injected === 'string' ? { emulatorHost: injected } : {},
  );
  await unclaimed.mapper
    .repository(StudioRaw)
    .save(Object.assign(new StudioRaw(), { sku: 'sku-1', label: 'raw label' }));
  // A parent and its children in one table: the collection read of the Query view.
  await test.mapper
    .repository(Video)
    .save(Object.assign(new Video(), { videoId: 'v1', title: 'First video' }));
  for (const [at, text] of [
    [1, 'one'],
    [2, 'two'],
  ] as const)
    await test.mapper
      .repository(Comment)
      .save(Object.assign(new Comment(), { videoId: 'v1', at: new Date(at * 1000), text }));
  const entities = [DeviceDay, StudioNote, StudioReading, StudioSalted, Video, Comment];
  readOnly = await startStudio({ mapper: test.mapper, entities, assetsDir });
  writable = await startStudio({ mapper: test.mapper, entities, assetsDir, allowWrites: true });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  // Each step runs even when an earlier one (or a test) failed: no Chromium, server or table is left behind.
  await browser?.close().catch(() => undefined);
  await readOnly?.close().catch(() => undefined);
  await writable?.close().catch(() => undefined);
  await test?.dispose();
  await unclaimed?.dispose();
});

const pageErrors = new Map<Page, string[]>();

/** Closes a page of {@link open}, which must have thrown nothing (an exception in the app fails the test). */
async function done(page: Page): Promise<void> {
  await page.context().close();
  expect(pageErrors.get(page), 'errors thrown in the page').toEqual([]);
}

/** A fresh page (its own context: no state between tests) on the studio, with the given view open. */
async function open(studio: StudioServer | undefined, view = ''): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1000, height: 640 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(studio!.url).origin,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${studio!.url}${view === '' ? '' : `#${view}`}`);
  await expect.poll(() => page.getByTestId('instance').count()).toBe(1);
  return page;
}

async function showEntityRows(page: Page, entity: string, pageSize: number): Promise<void> {
  await page.getByRole('tab', { name: 'Rows' }).click();
  await page.getByLabel('Entity or table').selectOption(`entity:${entity}`);
  await page.getByLabel('Rows per page').fill(String(pageSize));
  await page.getByRole('button', { name: 'Show rows' }).click();
}

const rowKeys = (page: Page): Promise<string[]> =>
  page
    .locator('[data-testid="rows"] tbody tr[data-key]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key') ?? ''));

describe('the studio in headless Chromium', () => {
  it('shows the schema: tables, column families with their GC rules', async () => {
    const page = await open(readOnly);
    await expect.poll(() => page.getByRole('heading', { name: 'Tables' }).count()).toBe(1);
    const text = await page.locator('main').innerText();
    for (const family of ['stats_summary', 'counters', 'n', 'meta']) expect(text).toContain(family);
    expect(text).toMatch(/Drift/);
    expect(text).toMatch(/Lint/);
    await screenshot(page, 'schema');
    // The tabs are buttons: the arrow keys move between them, Tab reaches the view's fields.
    await page.getByRole('tab', { name: 'Schema' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Rows' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('tab-rows');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.id')).toBe('rows-source');
    await done(page);
  });

  it('pages through an entity, filters by a typed key prefix and shows a row raw, as text and hex', async () => {
    const page = await open(readOnly);
    await showEntityRows(page, 'DeviceDay', 3);
    const pages: string[][] = [];
    await expect.poll(() => rowKeys(page)).toHaveLength(3);
    pages.push(await rowKeys(page));
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => page.getByTestId('page-number').innerText()).toBe(`Page ${i + 2}`);
      pages.push(await rowKeys(page));
    }
    expect(pages).toEqual([
      ['phone#4c410523#20200424', 'phone#4c410523#20200425', 'phone#4c410523#20200427'],
      ['phone#4c410523#20200430', 'phone#4c410523#20200501', 'phone#4c410523#20200502'],
      ['tablet#a0b81f74#20200501', 'tablet#a0b81f74#20200502'],
    ]);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => rowKeys(page)).toEqual(pages[1]);

    // Decoded values: the string, the boolean and the counter of the seed's reading.
    const row = page.locator('tr[data-key="phone#4c410523#20200501"]');
    const decoded = await row.innerText();
    expect(decoded).toContain('PQ2A.190405.004');
    expect(decoded).toContain('true');
    expect(decoded).toContain('3');
    await screenshot(page, 'rows');

    // The same row raw: every cell with family, qualifier, timestamp; bytes as text, then as hex.
    await row.getByRole('button', { name: 'Cells' }).click();
    const cells = page.getByTestId('cells');
    await expect.poll(() => cells.innerText()).toContain('os_build');
    expect(await cells.innerText()).toContain('stats_summary');
    await cells.getByRole('button', { name: 'Show bytes as hex' }).click();
    await expect.poll(() => cells.innerText()).toContain('6f 73 5f 62 75 69 6c 64'); // "os_build"
    await screenshot(page, 'cells');

    // A typed key prefix: the device type only.
    await page.getByLabel('deviceType').fill('tablet');
    await page.getByLabel('deviceType').press('Enter'); // Enter submits the form
    await expect.poll(() => rowKeys(page)).toEqual(['tablet#a0b81f74#20200501', 'tablet#a0b81f74#20200502']);
    await done(page);
  });

  it('shows a bad typed key part as the library error naming the part, then the rows of a good one and of a range', async () => {
    await test!.mapper
      .repository(StudioReading)
      .saveMany(
        [7, 42].map((sensor) => Object.assign(new StudioReading(), { sensor, label: `sensor ${sensor}` })),
      );
    const page = await open(readOnly);
    await showEntityRows(page, 'StudioReading', 10);
    await expect.poll(() => page.getByTestId('rows').locator('tbody tr').count()).toBe(2);
    await page.getByLabel('sensor').fill('not a number');
    await page.getByRole('button', { name: 'Show rows' }).click();
    const error = page.getByTestId('error');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.locator('.error-code').innerText()).toBe('INVALID_ARGUMENT');
    expect(await error.locator('.error-name').innerText()).toBe('InvalidArgumentError');
    expect(await error.locator('.error-message').innerText()).toContain('sensor');
    expect(await page.getByTestId('status').innerText()).toContain('could not be read');
    await screenshot(page, 'typed-error');
    await page.getByLabel('sensor').fill('42');
    await page.getByRole('button', { name: 'Show rows' }).click();
    await expect.poll(() => page.getByTestId('rows').locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId('rows').innerText()).toContain('sensor 42');
    expect(await error.count()).toBe(0);
    // A key range, typed per part: [10, 100) holds sensor 42 only.
    await page.getByLabel('Select rows by').selectOption('range');
    await page.locator('#start-sensor').fill('10');
    await page.locator('#end-sensor').fill('100');
    await page.getByRole('button', { name: 'Show rows' }).click();
    await expect.poll(() => page.getByTestId('rows').innerText()).toContain('sensor 42');
    expect(await page.getByTestId('rows').innerText()).not.toContain('sensor 7');
    await done(page);
  });

  it('shows a table no entity claims raw, with the codegen guess beside it', async () => {
    const page = await open(readOnly);
    await page.getByRole('tab', { name: 'Rows' }).click();
    await page.getByLabel('Entity or table').selectOption(`table:${unclaimed!.tableIds['studio_raw']!}`);
    const cells = page.getByTestId('cells');
    await expect.poll(() => cells.innerText()).toContain('raw label');
    expect(await cells.innerText()).toContain('label');
    expect(await page.getByTestId('guess').innerText()).toMatch(/class \w+/);
    await screenshot(page, 'raw-table');
    await done(page);
  });

  it('explains and runs a query built in the form, and shows it as TypeScript', async () => {
    const page = await open(readOnly);
    await page.getByRole('tab', { name: 'Query' }).click();
    await page.getByLabel('Entity', { exact: true }).selectOption('DeviceDay');
    await page.getByLabel('deviceType').fill('phone');
    await page.getByLabel('deviceId').fill('4c410523');
    await page.getByRole('button', { name: 'Add a condition' }).click();
    const condition = page.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Property').selectOption('connectedCell');
    await condition.getByLabel('Operator').selectOption('eq');
    await condition.getByLabel('Value').fill('true');
    // A condition on a key part: the server parses the text by the part's type.
    await page.getByRole('button', { name: 'Add a condition' }).click();
    const onDay = page.getByRole('group', { name: 'Condition 2' });
    await onDay.getByLabel('Property').selectOption('day');
    await onDay.getByLabel('Operator').selectOption('lt');
    await onDay.getByLabel('Value').fill('20200502');
    await page.getByLabel('Reverse').check();
    await page.getByLabel('Limit').fill('2');
    await page.getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => page.getByTestId('explain').count()).toBe(1);
    expect((await page.getByTestId('explain').innerText()).length).toBeGreaterThan(0);
    expect(await page.getByTestId('request').innerText()).toMatch(/phone#4c410523#|rowRanges|rows/);

    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByTestId('query-rows').count()).toBe(1);
    const keys = await page
      .locator('[data-testid="query-rows"] tbody th')
      .evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));
    // Newest first, before 2020-05-02, two of them.
    expect(keys).toEqual(['phone#4c410523#20200501', 'phone#4c410523#20200430']);
    const stats = await page.getByTestId('stats').innerText();
    expect(stats).toMatch(/rowsReceived/);
    expect(stats).toMatch(/rowsReturned/);
    const typescript = await page.getByTestId('typescript').innerText();
    expect(typescript).toMatch(/find\(/);
    await page.getByRole('button', { name: 'Copy as TypeScript' }).click();
    await expect.poll(() => page.getByText('Copied.').count()).toBe(1);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(typescript);
    await screenshot(page, 'query');
    await done(page);
  });

  it('runs a collection read built in the form: parent and children in key order, a condition on one member', async () => {
    const page = await open(readOnly);
    await page.getByRole('tab', { name: 'Query' }).click();
    await page.getByLabel('Entity', { exact: true }).selectOption('Comment');
    await page.getByLabel('Read').selectOption('collection');
    expect(await page.getByLabel('Collection').inputValue()).not.toBe('');
    await page.getByLabel('videoId').fill('v1');
    await page.getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => page.getByTestId('explain').count()).toBe(1);
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByTestId('query-rows').count()).toBe(1);
    const rowsOf = () =>
      page
        .locator('[data-testid="query-rows"] tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
    // The parent first, then its comments newest first (reversed timestamps), each named by its member.
    const all = await rowsOf();
    expect(all.map((cells) => cells[1])).toEqual(['Video', 'Comment', 'Comment']);
    expect(all.map((cells) => cells.join(' '))).toEqual([
      expect.stringContaining('First video'),
      expect.stringContaining('two'),
      expect.stringContaining('one'),
    ]);
    // A condition is about the member picked as the entity (Comment): the Video row is not filtered by it.
    await page.getByRole('button', { name: 'Add a condition' }).click();
    const condition = page.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Property').selectOption('text');
    await condition.getByLabel('Value').fill('two');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(async () => (await rowsOf()).map((cells) => cells[1])).toEqual(['Video', 'Comment']);
    expect((await rowsOf())[1]!.join(' ')).toContain('two');
    await done(page);
  });

  it('draws the key distribution: groups by leading key parts, a heat strip and the split points', async () => {
    // Three more device types, one day each: 6 of the 11 keys start with "phone", which the hints point out.
    const days = test!.mapper.repository(DeviceDay);
    const seed = await days.getOrThrow({ deviceType: 'phone', deviceId: '4c410523', day: '20200501' });
    await days.saveMany(
      ['car', 'tv', 'watch'].map((deviceType) =>
        Object.assign(new DeviceDay(), seed, { deviceType, pings: 0 }),
      ),
    );
    const page = await open(readOnly);
    await page.getByRole('tab', { name: 'Key distribution' }).click();
    await page.getByLabel('Entity or table').selectOption('entity:DeviceDay');
    await page.getByRole('button', { name: 'Show distribution' }).click();
    await expect.poll(() => page.getByTestId('sampled').innerText()).toContain('11 row keys sampled');
    const histogram = page.getByTestId('histogram');
    const labels = await histogram.locator('text.group-label').allTextContents();
    expect(labels).toEqual(
      expect.arrayContaining([expect.stringContaining('phone'), expect.stringContaining('tablet')]),
    );
    expect(await histogram.locator('rect.bar').count()).toBe(labels.length);
    expect(await page.getByTestId('strip').locator('rect').count()).toBe(5); // one per device type
    expect(await page.getByTestId('hints').innerText()).toMatch(
      /sample-dominant-prefix: 55% of the sampled keys start with "phone"/,
    );
    await screenshot(page, 'keys');
    await done(page);
  });

  it('draws a salted entity by salt bucket: every bucket a bar, an empty one too, and the uneven salt named', async () => {
    const rows = [
      ...Array.from({ length: 40 }, (_, seq) => ({ device: 'hot', seq })),
      { device: 'a', seq: 0 },
    ].map((r) => Object.assign(new StudioSalted(), r, { value: 'v' }));
    await test!.mapper.repository(StudioSalted).saveMany(rows);
    const page = await open(readOnly);
    await page.getByRole('tab', { name: 'Key distribution' }).click();
    await page.getByLabel('Entity or table').selectOption('entity:StudioSalted');
    await page.getByRole('button', { name: 'Show distribution' }).click();
    await expect.poll(() => page.getByTestId('sampled').innerText()).toContain('41 row keys sampled');
    const histogram = page.getByTestId('histogram');
    const buckets = await histogram.locator('text.group-label.depth-1').allTextContents();
    expect(buckets).toEqual(['salt 0', 'salt 1', 'salt 2', 'salt 3']);
    const values = await histogram.locator('text.bar-value').allTextContents();
    expect(values.slice(0, 4)).toContainEqual(expect.stringMatching(/^0 \(0\.0 %\)$/)); // an empty bucket
    expect(values.slice(0, 4)).toContainEqual(expect.stringMatching(/^4\d \(/)); // the hot one
    expect(await histogram.locator('text.group-label.depth-2').allTextContents()).toContainEqual(
      expect.stringMatching(/^salt \d \/ hot$/),
    );
    expect(await page.getByTestId('hints').innerText()).toMatch(/sample-uneven-salt/);
    await screenshot(page, 'keys-salted');
    await done(page);
  });

  it('shows a row holding markup as text (no element created, no script run) and a long value as a preview', async () => {
    const page = await open(readOnly);
    await showEntityRows(page, 'StudioNote', 10);
    await expect.poll(() => rowKeys(page)).toEqual(['n1', 'n2', 'n3']);
    expect(await page.locator('tr[data-key="n2"]').innerText()).toContain(XSS);
    await page.locator('tr[data-key="n2"]').getByRole('button', { name: 'Cells' }).click();
    await expect.poll(() => page.getByTestId('cells').innerText()).toContain(XSS);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    expect(await page.evaluate('window.__studioXss')).toBeUndefined();
    await screenshot(page, 'xss-as-text');

    // A long value comes as a bounded preview, marked as cut.
    await test!.mapper
      .repository(StudioReading)
      .save(Object.assign(new StudioReading(), { sensor: 500, label: 'x'.repeat(100_000) }));
    await showEntityRows(page, 'StudioReading', 10);
    await page.getByLabel('sensor').fill('500');
    await page.getByRole('button', { name: 'Show rows' }).click();
    const long = page.locator('tr[data-key="000500"]');
    await expect.poll(() => long.count()).toBe(1);
    expect(await long.innerText()).toContain('(truncated)');
    expect((await long.innerText()).length).toBeLessThan(10_000);
    await done(page);
  });

  it('edits a row: a conflicting change made behind the page is refused and kept, then save and delete work', async () => {
    const notes = test!.mapper.repository(StudioNote);
    const page = await open(writable);
    await showEntityRows(page, 'StudioNote', 10);
    await expect.poll(() => rowKeys(page)).toContain('n1');
    await page.locator('tr[data-key="n1"]').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit row n1' });
    await form.getByLabel('title').fill('From the studio');

    // Behind the page's back: another writer changes the row after the page read it.
    const stored = await notes.getOrThrow({ id: 'n1' });
    await notes.save(Object.assign(stored, { title: 'Changed elsewhere' }));

    await form.getByRole('button', { name: 'Save' }).click();
    const error = form.getByTestId('error');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.locator('.error-code').innerText()).toBe('OPTIMISTIC_LOCK');
    expect(await error.locator('.error-name').innerText()).toBe('OptimisticLockError');
    expect((await notes.getOrThrow({ id: 'n1' })).title).toBe('Changed elsewhere');
    await screenshot(page, 'edit-conflict');

    // Read again, then the save goes through.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Show rows' }).click();
    await expect.poll(() => page.locator('tr[data-key="n1"]').innerText()).toContain('Changed elsewhere');
    await page.locator('tr[data-key="n1"]').getByRole('button', { name: 'Edit' }).click();
    const again = page.getByRole('form', { name: 'Edit row n1' });
    await again.getByLabel('done').check();
    await again.getByLabel('title').fill('From the studio');
    await again.getByLabel('title').press('Enter');
    await expect.poll(() => page.getByTestId('status').innerText()).toContain('Saved row n1');
    expect(await notes.getOrThrow({ id: 'n1' })).toMatchObject({ title: 'From the studio', done: true });

    // Delete asks first.
    await page.locator('tr[data-key="n3"]').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    expect(await notes.get({ id: 'n3' })).toBeDefined();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await expect.poll(() => rowKeys(page)).toEqual(['n1', 'n2']);
    expect(await notes.get({ id: 'n3' })).toBeUndefined();
    await done(page);
  });

  it('refuses a page without the token, and writes on a studio started without --allow-writes', async () => {
    const context = await browser!.newContext();
    const bare = await context.newPage();
    const url = new URL(readOnly!.url);
    for (const target of [url.origin + '/', `${url.origin}/?token=wrong`]) {
      const response = await bare.goto(target);
      expect(response?.status()).toBe(401);
      expect(await bare.locator('body').innerText()).toContain('STUDIO_UNAUTHORIZED');
    }
    await context.close();

    const page = await open(readOnly);
    await showEntityRows(page, 'StudioNote', 10);
    await expect.poll(() => rowKeys(page)).toContain('n2');
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    // The page's own origin and token, asking to write anyway: the server refuses.
    const answer = await page.evaluate(`(async () => {
      const token = document.querySelector('meta[name="studio-token"]').content;
      const response = await fetch('/api/rows/delete', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Studio-Token': token },
        body: JSON.stringify({ entity: 'StudioNote', key: '6e32' }),
      });
      return { status: response.status, body: await response.json() };
    })()`);
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'STUDIO_WRITES_DISABLED' } } });
    expect(await test!.mapper.repository(StudioNote).get({ id: 'n2' })).toBeDefined();
    await done(page);
  });
});
