import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Mapper } from '../../../src/repository/mapper.js';
import { TestMapper } from '../../../src/testing/test-mapper.js';
import { EMULATOR_HOST_KEY } from '../../../src/testing/vitest/emulator-global-setup.js';
import type * as Protocol from '../../fixtures/entities/decorator-protocol-entities.js';
import type * as VideoFixture from '../../fixtures/entities/video-entity.js';
import { importCompiled } from '../../support/compile-with-tsc.js';

// Entities compiled as TC39 standard decorators (tsc without experimentalDecorators), saved and read back on the
// emulator through the repository: the declarations the field decorators left in context.metadata are the ones
// the mapper uses, inherited fields included.

const STANDARD = { experimentalDecorators: false } as const;

describe('standard decorators on the emulator', () => {
  let protocol: typeof Protocol;
  let Video: ReturnType<typeof VideoFixture.videoWithDecorators>;
  let test: TestMapper | undefined;
  const mapper = (): Mapper => test!.mapper;

  beforeAll(async () => {
    protocol = await importCompiled<typeof Protocol>(
      new URL('../../fixtures/entities/decorator-protocol-entities.ts', import.meta.url),
      STANDARD,
    );
    const video = await importCompiled<typeof VideoFixture>(
      new URL('../../fixtures/entities/video-entity.ts', import.meta.url),
      STANDARD,
    );
    Video = video.videoWithDecorators('standard_video');
    const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
    test = await TestMapper.create(
      [protocol.Account, protocol.BusinessAccount, protocol.Invoice, protocol.Profile, Video],
      typeof injected === 'string' ? { emulatorHost: injected } : {},
    );
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('saves and gets an entity whose base class declares some of its fields', async () => {
    const { Account, Invoice } = protocol;
    const accounts = mapper().repository(Account);
    const account = Object.assign(new Account(), {
      accountId: 'a1',
      name: 'Acme',
      createdAt: new Date('2024-05-01T12:00:00Z'),
      createdBy: 'ops',
      limits: new Map([['daily', 500n]]),
    });
    await accounts.save(account);
    expect(await accounts.get({ accountId: 'a1' })).toEqual(account);

    const invoices = mapper().repository(Invoice);
    const invoice = Object.assign(new Invoice(), { accountId: 'a1', seq: 7, amount: 12.5 });
    await invoices.save(invoice);
    expect(await invoices.get({ accountId: 'a1', seq: 7 })).toEqual(invoice);
    expect(Buffer.from(invoices.keyOf({ accountId: 'a1', seq: 7 })).toString()).toMatch(/^acct#a1#inv#/);
  });

  it('an entity extending an entity keeps its own prefix and overridden column', async () => {
    const { BusinessAccount } = protocol;
    const business = mapper().repository(BusinessAccount);
    const entity = Object.assign(new BusinessAccount(), {
      accountId: 'b1',
      name: 'Acme GmbH',
      vatId: 'DE123',
      createdAt: new Date('2024-05-02T00:00:00Z'),
      limits: new Map<string, bigint>(),
    });
    await business.save(entity);
    const read = await business.get({ accountId: 'b1' });
    expect(read).toEqual(entity);
    expect(read).toBeInstanceOf(BusinessAccount);
    expect(Buffer.from(business.keyOf({ accountId: 'b1' })).toString()).toBe('biz#b1');
  });

  it('round-trips every column kind of the video entity', async () => {
    const videos = mapper().repository(Video);
    const video = Object.assign(new Video(), {
      channel: 'kittens',
      uploadedAt: new Date('2024-05-01T12:00:00Z'),
      title: 'Cat meets laser',
      lengthSeconds: 95,
      rating: 4.75,
      published: true,
      cover: null,
      settings: { lang: 'it', captions: true },
      origin: { x: 1.5, y: -2 },
      thumbnail: { width: 16, height: 9, png: Uint8Array.of(0x89, 0x50) },
      // Inside the comment family's 30-day max age, which reads hide beyond.
      comments: [{ timestamp: new Date(Date.now() - 60_000), value: 'first' }],
      formats: new Map([['720p', 1_000_000n]]),
      chunks: new Map([[Uint8Array.of(0, 255), 'bin']]),
      tags: new Set(['cats']),
      likes: 0n,
      views: 0n,
      peak: undefined,
      version: 0n,
    });
    await videos.save(video);
    const read = await videos.get({ channel: 'kittens', uploadedAt: video.uploadedAt });
    expect(read).toEqual(Object.assign(new Video(), video, { version: 1n }));
  });

  it('the evolving entity writes its version cell', async () => {
    const { Profile } = protocol;
    const profiles = mapper().repository(Profile);
    const profile = Object.assign(new Profile(), { profileId: 'p1', displayName: 'Ada' });
    await profiles.save(profile);
    expect(await profiles.get({ profileId: 'p1' })).toEqual(profile);
  });
});
