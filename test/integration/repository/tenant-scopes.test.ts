// Tenant-scoped repositories and collections (issue 26, item 2), tried as an attacker would: keys, conditions,
// cursors, prefix deletes, batches and collections of another tenant, delimiters inside values, empty values.
import { describe, expect, it } from 'vitest';
import { Column, Counter, Entity, Family, KeyPart, QualifierSet } from '../../../decorators/index.js';
import { BigtableMapperError } from '../../../src/errors/bigtable-mapper-error.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { QueryError } from '../../../src/errors/query-error.js';
import { refusal } from '../../support/refusal.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

@Entity({ table: 'tenant_chat' })
@Family('d')
@Family('members')
@Family('stats')
class Conversation {
  declare static readonly keyParts: readonly ['tenant', 'conversationId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') conversationId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @QualifierSet({ family: 'members', key: 'string' }) members = new Set<string>();
  @Counter({ family: 'stats', as: 'number' }) messages!: number;
}

@Entity({ table: 'tenant_chat', parent: Conversation, literal: 'm' })
@Family('d')
class Message {
  tenant!: string;
  conversationId!: string;
  @KeyPart(0, 'string') messageId!: string;
  @Column({ family: 'd', codec: 'string' }) text!: string;
}

@Entity({ table: 'tenant_bin', encoding: 'orderedCode' })
@Family('d')
class Blob {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'bytes') id!: Uint8Array;
  @Column({ family: 'd', codec: 'string' }) note!: string;
}

const conversation = (tenant: string, conversationId: string, title = conversationId): Conversation =>
  Object.assign(new Conversation(), {
    tenant,
    conversationId,
    title,
    members: new Set(['ann']),
    messages: 0,
  });
const message = (tenant: string, conversationId: string, messageId: string): Message =>
  Object.assign(new Message(), { tenant, conversationId, messageId, text: `${tenant}/${messageId}` });

describe('tenant scopes', () => {
  const mapper = useMapper([Conversation, Message, Blob]);
  const all = () => mapper().repository(Conversation);
  const acme = () => mapper().scope({ tenant: 'acme' }).repository(Conversation);
  const acmeMessages = () => mapper().scope({ tenant: 'acme' }).repository(Message);

  async function seed(): Promise<void> {
    await all().saveMany([
      conversation('acme', 'c1'),
      conversation('acme', 'c2'),
      conversation('acme2', 'c1'), // a tenant whose name extends acme's
      conversation('acm', 'c1'), // and one acme's name extends
      conversation('globex', 'c1'),
    ]);
    await mapper()
      .repository(Message)
      .saveMany([message('acme', 'c1', 'm1'), message('globex', 'c1', 'm1')]);
  }

  it('reads only the scope: find(), scan(), count(), get() and lookups', async () => {
    await seed();
    const ids = (rows: Conversation[]) => rows.map((c) => `${c.tenant}/${c.conversationId}`);
    expect(ids(await acme().find().toArray())).toEqual(['acme/c1', 'acme/c2']);
    expect(ids(await acme().scan().toArray())).toEqual(['acme/c1', 'acme/c2']);
    expect(await acme().find().count()).toBe(2);
    expect(
      ids(
        await acme()
          .find({ conversationId: 'c2' } as never)
          .toArray(),
      ),
    ).toEqual(['acme/c2']);
    expect((await acme().get({ tenant: 'acme', conversationId: 'c1' }))?.title).toBe('c1');
    expect(await acme().getMany([{ tenant: 'acme', conversationId: 'c9' }])).toEqual([undefined]);
    // Messages of acme only (and the parent-only read of conversations does not return them).
    expect((await acmeMessages().find().toArray()).map((m) => m.text)).toEqual(['acme/m1']);
  });

  it('refuses a key of another tenant before anything is sent, for every operation', async () => {
    await seed();
    const globex = { tenant: 'globex', conversationId: 'c1' };
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['get', () => acme().get(globex)],
      ['getMany', () => acme().getMany([{ tenant: 'acme', conversationId: 'c1' }, globex])],
      ['lookup', () => acme().lookup([globex]).toArray()],
      ['save', () => acme().save(conversation('globex', 'c1', 'pwned'))],
      ['insert', () => acme().insert(conversation('globex', 'c7', 'pwned'))],
      ['update', () => acme().update(globex, { title: 'pwned' })],
      ['delete', () => acme().delete(globex)],
      ['add', () => acme().add(globex, 'members', ['mallory'])],
      ['remove', () => acme().remove(globex, 'members', ['ann'])],
      ['has', () => acme().has(globex, 'members', 'ann')],
      ['increment', () => acme().increment(globex, 'messages', 1)],
      ['deleteMany', () => acme().deleteMany([globex])],
      [
        'saveMany',
        () => acme().saveMany([conversation('acme', 'c3'), conversation('globex', 'c1', 'pwned')]),
      ],
      ['a key with an empty tenant', () => acme().get({ tenant: '', conversationId: 'c1' })],
    ];
    for (const [what, attempt] of attempts) {
      const error = await refusal(attempt, BigtableMapperError);
      expect(error, what).toBeInstanceOf(InvalidArgumentError);
      expect(error.message, what).toMatch(/inside the scope tenant = "acme"/);
    }
    const stored = await all().getOrThrow(globex);
    expect(stored.title).toBe('c1');
    expect(stored.members).toEqual(new Set(['ann']));
    expect(stored.messages).toBe(0);
    expect(await all().get({ tenant: 'globex', conversationId: 'c7' })).toBeUndefined();
    // saveMany's array is checked whole: acme's c3 was not written either.
    expect(await all().get({ tenant: 'acme', conversationId: 'c3' })).toBeUndefined();
  });

  it('lets every key leave the tenant out: the scope fills it in, for every operation', async () => {
    await seed();
    const c1 = { conversationId: 'c1' };
    expect(acme().keyOf(c1)).toEqual(all().keyOf({ tenant: 'acme', conversationId: 'c1' }));
    expect((await acme().get(c1))?.tenant).toBe('acme');
    expect((await acme().getOrThrow(c1)).tenant).toBe('acme');
    expect((await acme().getMany([c1, { conversationId: 'c2' }])).map((c) => c?.conversationId)).toEqual([
      'c1',
      'c2',
    ]);
    expect((await acme().lookup([c1]).toArray()).map((c) => c?.tenant)).toEqual(['acme']);
    expect((await acmeMessages().get({ conversationId: 'c1', messageId: 'm1' }))?.text).toBe('acme/m1');
    await acme().update(c1, { title: 'renamed' });
    await acme().add(c1, 'members', ['bob']);
    await acme().remove(c1, 'members', ['ann']);
    expect(await acme().has(c1, 'members', 'bob')).toBe(true);
    expect(await acme().increment(c1, 'messages', 2)).toBe(2);
    const acmeC1 = await all().getOrThrow({ tenant: 'acme', conversationId: 'c1' });
    expect([acmeC1.title, [...acmeC1.members], acmeC1.messages]).toEqual(['renamed', ['bob'], 2]);
    // The same conversation id of the other tenants is untouched.
    for (const tenant of ['acme2', 'acm', 'globex']) {
      const other = await all().getOrThrow({ tenant, conversationId: 'c1' });
      expect([other.title, [...other.members], other.messages], tenant).toEqual(['c1', ['ann'], 0]);
    }
    expect((await acme().find(c1).toArray()).map((c) => c.title)).toEqual(['renamed']);
    await acme().delete(c1);
    await acme().deleteMany([{ conversationId: 'c2' }]);
    expect(await acme().find().toArray()).toEqual([]);
    expect((await all().scan().toArray()).map((c) => `${c.tenant}/${c.conversationId}`)).toEqual([
      'acm/c1',
      'acme2/c1',
      'globex/c1',
    ]);
  });

  it('refuses conditions outside the scope, and confines those that reach beyond it', async () => {
    await seed();
    await refusal(() => acme().find({ tenant: 'globex' }).toArray(), BigtableMapperError);
    const crossed = await acme()
      .find()
      .where('tenant', '=', 'globex')
      .toArray()
      .catch((e: unknown) => e);
    // Two equalities on the tenant match nothing: refused, or nothing read — never globex's rows.
    if (Array.isArray(crossed)) expect(crossed).toEqual([]);
    else expect(crossed).toBeInstanceOf(BigtableMapperError);
    // Conditions reaching beyond the scope are refused by the planner or cut to the scope: never another's rows.
    for (const query of [
      () => acme().find().where('tenant', 'in', ['acme', 'globex', 'acme2']).toArray(),
      () => acme().find().where('tenant', '>=', 'a').toArray(),
      () => acme().scan().where('title', '=', 'c1').toArray(),
    ]) {
      const result = await Promise.resolve()
        .then(query)
        .catch((e: unknown) => e);
      if (Array.isArray(result))
        expect(new Set(result.map((c: Conversation) => c.tenant))).toEqual(new Set(['acme']));
      else expect(result).toBeInstanceOf(BigtableMapperError);
    }
  });

  it('refuses a cursor of another tenant', async () => {
    await seed();
    const globex = mapper().scope({ tenant: 'globex' }).repository(Conversation);
    await globex.save(conversation('globex', 'c2'));
    const foreign = (await globex.find().page(1)).cursor;
    // The same query text in another scope, and a query of the unscoped repository over another tenant.
    const unscoped = (await all().find({ tenant: 'acme2' }).page(1)).cursor;
    expect(foreign).toBeDefined();
    for (const c of [foreign!, ...(unscoped ? [unscoped] : [])]) {
      const error = await refusal(acme().find().after(c).toArray(), BigtableMapperError);
      expect(error).toBeInstanceOf(QueryError);
    }
    // A cursor of the scope's own query resumes inside it.
    const first = await acme().find().page(1);
    expect((await acme().find().after(first.cursor!).toArray()).map((c) => c.conversationId)).toEqual(['c2']);
  });

  it('deletes by prefix inside the scope only', async () => {
    await seed();
    const globexBefore = await all().find({ tenant: 'globex' }).count();
    expect(globexBefore).toBeGreaterThan(0);
    await refusal(
      acme().deleteByPrefix({ tenant: 'globex' }, { alsoDelete: [Message] }),
      BigtableMapperError,
    );
    expect(await all().find({ tenant: 'globex' }).count()).toBe(globexBefore);
    // The scope's tenant is added when left out: the whole entity's prefix delete stays in the scope.
    await acme().deleteByPrefix({} as never, { allowEntireEntity: true, alsoDelete: [Message] });
    expect(await all().find({ tenant: 'acme' }).count()).toBe(0);
    expect(await acmeMessages().find().count()).toBe(0);
    const left = await all().scan().toArray();
    expect(new Set(left.map((c) => c.tenant))).toEqual(new Set(['acm', 'acme2', 'globex']));
    expect(
      await mapper()
        .repository(Message)
        .find({ tenant: 'globex' } as never)
        .count(),
    ).toBe(1);
    // Delete and re-create inside the scope.
    await acme().save(conversation('acme', 'c1', 'again'));
    expect((await acme().getOrThrow({ tenant: 'acme', conversationId: 'c1' })).title).toBe('again');
  });

  it('confines collections, fills the tenant in and refuses another', async () => {
    await seed();
    const chats = mapper()
      .scope({ tenant: 'acme' })
      .collection({ conversation: Conversation, messages: Message });
    const page = await chats.key({ conversationId: 'c1' } as never).fetch();
    expect(page.conversation.map((c) => c.tenant)).toEqual(['acme']);
    expect(page.messages.map((m) => m.text)).toEqual(['acme/m1']);
    await refusal(chats.key({ tenant: 'globex', conversationId: 'c1' }).fetch(), BigtableMapperError);
    const explained = chats.key({ tenant: 'acme', conversationId: 'c1' }).explain();
    expect(explained).toContain('scope: tenant = "acme"');
  });

  it('shows the scope in explain()', () => {
    const text = acme().find().explain();
    // What docs/queries.md shows (there for the chat example's table).
    expect(text.split('\n').slice(0, 7)).toEqual([
      'Conversation in table tenant_chat',
      'scope: tenant = "acme" (every key and range is confined to it)',
      'rows:',
      "  range ['acme#', 'acme$')",
      'filter:',
      '  chain',
      '    rowKeyRegex /[^\\x00-\\x23]*\\#[^\\x00-\\x23]*/',
    ]);
  });

  it('refuses scopes that are not leading, non-empty key values', async () => {
    const bad: unknown[] = [
      null,
      'acme',
      {},
      { tenant: '' },
      { tenant: undefined },
      { tenant: null },
      { conversationId: 'c1' },
      { conversationId: 'c1', tenant: 'acme' },
      { tenant: 'acme#x' }, // the delimiter inside a value
      { tenant: 'ac\u0001me' }, // a byte below the delimiter
    ];
    for (const values of bad) {
      const error = await refusal(
        () =>
          mapper()
            .scope(values as never)
            .repository(Conversation),
        BigtableMapperError,
      );
      expect(error.code, JSON.stringify(values)).toMatch(/INVALID_ARGUMENT|KEY_ENCODING/);
    }
    // A scope on both key parts is one conversation; on a child entity, its parent's leading parts.
    const one = mapper().scope({ tenant: 'acme', conversationId: 'c1' });
    await all().save(conversation('acme', 'c1'));
    expect((await one.repository(Conversation).find().toArray()).length).toBe(1);
  });

  it('keeps binary tenants apart under ordered-code keys (a NUL inside a value)', async () => {
    const blobs = mapper().repository(Blob);
    await blobs.saveMany([
      Object.assign(new Blob(), { tenant: 'acme', id: Uint8Array.of(0, 1), note: 'acme' }),
      Object.assign(new Blob(), { tenant: 'acme\u0000x', id: Uint8Array.of(0), note: 'nul' }),
      Object.assign(new Blob(), { tenant: 'acmex', id: Uint8Array.of(2), note: 'acmex' }),
    ]);
    const scoped = mapper().scope({ tenant: 'acme' }).repository(Blob);
    expect((await scoped.find().toArray()).map((b) => b.note)).toEqual(['acme']);
    await refusal(scoped.get({ tenant: 'acme\u0000x', id: Uint8Array.of(0) }), BigtableMapperError);
    await scoped.deleteByPrefix({ tenant: 'acme' });
    expect((await blobs.scan().toArray()).map((b) => b.note).sort()).toEqual(['acmex', 'nul']);
  });
});
