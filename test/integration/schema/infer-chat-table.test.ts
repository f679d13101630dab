// Codegen from a live table holding a chat service's single-table design: conversations `conv#<id>` with a members
// set, two sibling child kinds under each (messages `conv#<id>#m#<reversed ms>`, per-member counters
// `conv#<id>#u#<member>` incremented with ReadModifyWriteRow), messages with reactions per emoji name in an aggregate
// family fed by AddToCell. The inferred entities are a parent and two siblings, the members a Set, the unread count a
// counter, the reactions an aggregate map; their sources match goldens, type-check, and read the rows back.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import type { Mutation } from '../../../src/model/mutation.js';
import { Mapper } from '../../../src/repository/mapper.js';
import type { InferredTable } from '../../../src/codegen/infer/infer-table-entities.js';
import { inferTableEntities } from '../../../src/codegen/infer/infer-table-entities.js';
import { kebabCase } from '../../../src/codegen/source/kebab-case.js';
import { TestTable } from '../../../src/testing/test-table.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { readModifyWriteRow } from '../../../src/transport/read-modify-write-row.js';
import { expectGolden } from '../../support/golden-file.js';
import { prepareGeneratedDir, typeErrors } from '../../support/generated-sources.js';

const OUT = new URL('../../../.tmp/codegen-chat/', import.meta.url);
const GOLDEN = new URL('../../golden/codegen/__golden__/', import.meta.url);
const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const INT64_MAX = 9_223_372_036_854_775_807n;
// Whole milliseconds, recent enough for no GC rule to matter.
const T0 = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const MEMBERS = [
  ['alice', 'bob'],
  ['bob', 'carol', 'dave'],
  ['alice', 'carol'],
  ['alice', 'bob', 'erin'],
];
const convId = (c: number): string => `c${String(c + 1).padStart(2, '0')}`;
// The message times are fixed, so the keys (and the golden's evidence) do not change from run to run.
const sentAt = (c: number, m: number): number => 1_760_000_000_000 + c * 60_000 + m * 1000;
const unreadOf = (c: number, u: number): number => ((c + u) % 3) + 1;
const REACTIONS = ['heart', 'laugh', 'like'];
// One or two reactions per message, never the same set everywhere: the qualifiers are data (emoji names).
const reactionsOf = (c: number, m: number): Map<string, bigint> =>
  new Map(
    (m === 2 ? [(c + m) % 3, (c + m + 1) % 3] : [(c + m) % 3]).map((r) => [REACTIONS[r]!, BigInt(c + m + 1)]),
  );
const set = (family: string, qualifier: string, value: Uint8Array): Mutation => ({
  kind: 'setCell',
  family,
  qualifier: text(qualifier),
  timestampMicros: BigInt(T0) * 1000n,
  value,
});

const emulatorHost = (): string => {
  const injected = (inject as (key: string) => unknown)('bigtableEmulatorHost');
  return typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST!;
};

describe('inferTableEntities on a chat table: sibling child kinds, a members set, counters', () => {
  let table: TestTable;
  let mapper: Mapper;
  let inferred: InferredTable;
  const generated = new Map<string, EntityClass>();
  const written: string[] = [];

  beforeAll(async () => {
    table = await TestTable.create(
      {
        d: { gcRule: { maxVersions: 1 } },
        members: { gcRule: { maxVersions: 1 } },
        m: { gcRule: { maxVersions: 1 } },
        // Counters keep their last versions: the increment history is what tells a counter from an int64 column.
        c: { gcRule: { maxVersions: 5 } },
        reactions: { aggregate: 'sum' },
      },
      { prefix: 'infer_chat', emulatorHost: emulatorHost() },
    );
    const entries = MEMBERS.flatMap((members, c) => [
      {
        rowKey: text(`conv#${convId(c)}`),
        mutations: [
          set('d', 'title', text(`topic ${c}`)),
          ...members.map((m) => set('members', m, new Uint8Array())),
        ],
      },
      ...[0, 1, 2].map((m) => ({
        rowKey: text(`conv#${convId(c)}#m#${INT64_MAX - BigInt(sentAt(c, m))}`),
        mutations: [
          set('m', 'author', text(members[m % members.length]!)),
          set('m', 'text', text(`hello ${c}.${m}`)),
          // Two AddToCell per reaction: the server sums them into one cell.
          ...[...reactionsOf(c, m)].flatMap(([emoji, n]): Mutation[] =>
            [n - 1n, 1n].map((input) => ({
              kind: 'addToCell',
              family: 'reactions',
              qualifier: text(emoji),
              timestampMicros: 0n,
              input,
            })),
          ),
        ],
      })),
    ]);
    expect((await mutateRows(table.connection, table.tableId, entries)).filter((r) => !r.ok)).toEqual([]);
    for (const [c, members] of MEMBERS.entries())
      for (const [u, member] of members.entries())
        for (let i = 0; i < unreadOf(c, u); i++) {
          await readModifyWriteRow(table.connection, table.tableId, text(`conv#${convId(c)}#u#${member}`), [
            { kind: 'increment', family: 'c', qualifier: text('unread'), by: 1n },
          ]);
          // The server stamps each increment with its clock in whole milliseconds: two increments in the same
          // millisecond share one version, the history shrinks and the golden's evidence count changes (seen in CI).
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
    mapper = new Mapper(table.connection, { tableIds: { chat: table.tableId } });
    prepareGeneratedDir(OUT);
    inferred = await inferTableEntities(mapper, table.tableId, {
      entity: 'Chat',
      keyNames: ['convId', 'sentAt', 'member'],
    });
    // Each source goes to <entity in kebab-case>.ts: a child imports its parent from there.
    for (const entity of inferred.entities) {
      const path = fileURLToPath(new URL(`${kebabCase(entity.entity)}.ts`, OUT));
      writeFileSync(path, entity.source.replaceAll(table.tableId, 'chat'));
      written.push(path);
    }
    for (const entity of inferred.entities)
      generated.set(
        entity.entity,
        (
          (await import(fileURLToPath(new URL(`${kebabCase(entity.entity)}.ts`, OUT)))) as Record<
            string,
            EntityClass
          >
        )[entity.entity]!,
      );
  });
  afterAll(async () => {
    await table?.dispose();
  });

  it('infers a parent and two sibling children, each source equal to its golden and prettier-clean', async () => {
    expect(inferred.entities.map((e) => [e.entity, e.parent, e.rows])).toEqual([
      ['Chat', undefined, 4],
      ['ChatM', 'Chat', 12],
      ['ChatU', 'Chat', 10],
    ]);
    for (const entity of inferred.entities) {
      const source = entity.source.replaceAll(table.tableId, 'chat');
      expectGolden(source, new URL(`live-chat.${kebabCase(entity.entity)}.ts.txt`, GOLDEN));
      const path = fileURLToPath(new URL(`${kebabCase(entity.entity)}.ts`, OUT));
      const config = await prettier.resolveConfig(path);
      expect(await prettier.format(source, { ...config, filepath: path })).toBe(source);
    }
    const [chat, messages, unread] = inferred.entities;
    expect(chat!.familiesFile.families.find((f) => f.name === 'members')).toEqual({
      name: 'members',
      gc: { maxVersions: 1 },
      set: { property: 'members', key: 'string' },
    });
    expect(unread!.familiesFile.families.find((f) => f.name === 'c')).toEqual({
      name: 'c',
      gc: { maxVersions: 5 },
      counters: [{ property: 'unread' }],
    });
    expect(messages!.familiesFile.families.find((f) => f.name === 'reactions')).toEqual({
      name: 'reactions',
      aggregate: 'sum',
      map: { property: 'reactions', key: 'string', value: 'int64', cells: 'aggregate' },
    });
    expect(messages!.rowKeySchema.fields.map((f) => f.fieldName)).toEqual([
      'literal_0',
      'convId',
      'literal_2',
      'sentAt',
    ]);
    expect(unread!.rowKeySchema.fields.map((f) => f.fieldName)).toEqual([
      'literal_0',
      'convId',
      'literal_2',
      'member',
    ]);
  });

  it('the generated sources type-check, and both children name the parent', () => {
    expect(typeErrors(OUT, written)).toEqual([]);
    for (const name of ['ChatM', 'ChatU'])
      expect(getEntityMetadata(generated.get(name)!).parent).toBe(generated.get('Chat'));
  }, 120_000);

  it('reads every row back through the generated entities, and increments the inferred counter', async () => {
    const rows = async (name: string): Promise<Array<Record<string, unknown>>> =>
      (await mapper.repository(generated.get(name)!).scan().allowScan().toArray()) as unknown as Array<
        Record<string, unknown>
      >;
    const chats = await rows('Chat');
    expect(chats.map((r) => [r['convId'], r['title'], [...(r['members'] as Set<string>)].sort()])).toEqual(
      MEMBERS.map((members, c) => [convId(c), `topic ${c}`, [...members].sort()]),
    );
    const messages = await rows('ChatM');
    expect(messages).toHaveLength(12);
    expect(messages[0]).toMatchObject({ convId: 'c01', sentAt: new Date(sentAt(0, 2)), text: 'hello 0.2' });
    expect(messages.map((r) => r['reactions'])).toEqual(
      MEMBERS.flatMap((_, c) => [2, 1, 0].map((m) => reactionsOf(c, m))),
    );
    const counters = await rows('ChatU');
    expect(counters.map((r) => [r['convId'], r['member'], r['unread']])).toEqual(
      MEMBERS.flatMap((members, c) =>
        members
          .map((m, u) => [convId(c), m, BigInt(unreadOf(c, u))])
          .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      ),
    );
    const repo = mapper.repository(generated.get('ChatU')!) as unknown as {
      increment(key: Record<string, unknown>, field: string, by: number): Promise<unknown>;
    };
    expect(await repo.increment({ convId: 'c01', member: 'bob' }, 'unread', 1)).toBe(
      BigInt(unreadOf(0, 1) + 1),
    );
    const messageRepo = mapper.repository(generated.get('ChatM')!) as unknown as {
      aggregate(key: Record<string, unknown>, field: string, inputs: Map<string, number>): Promise<void>;
      get(key: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
    };
    const first = { convId: 'c01', sentAt: new Date(sentAt(0, 0)) };
    await messageRepo.aggregate(first, 'reactions', new Map([['heart', 2]]));
    expect((await messageRepo.get(first))!['reactions']).toEqual(new Map([['heart', 3n]]));
  });
});
