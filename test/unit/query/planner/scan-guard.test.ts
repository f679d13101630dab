import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../../decorators/index.js';
import { QueryError } from '../../../../src/errors/query-error.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import type { EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import type { ConditionNode } from '../../../../src/query/nodes/query-node.js';
import { entityKeySpan, spansEntity } from '../../../../src/query/planner/entity-key-span.js';
import { planKeyConditions } from '../../../../src/query/planner/plan-key-conditions.js';
import { Reading } from '../query-fixtures.js';

@Entity({ table: 'sg_docs' })
@Family('d')
class Doc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'sg_docs_oc', prefix: 'doc', encoding: 'orderedCode' })
@Family('d')
class OcDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'sg_docs_ocn', encoding: 'orderedCode' })
@Family('d')
class OcBareDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'sg_salted', prefix: 'ev', salt: { buckets: 4, of: ['user'] } })
@Family('d')
class Event {
  @KeyPart(0, 'string') user!: string;
  @KeyPart(1, { type: 'int64', width: 6 }) seq!: bigint;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'sg_numbers', prefix: 'n' })
@Family('d')
class Numbered {
  @KeyPart(0, { type: 'int64', width: 4 }) n!: bigint;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'sg_ids', prefix: 'i', encoding: 'orderedCode' })
@Family('d')
class ReversedId {
  @KeyPart(0, 'reversedInt64') id!: bigint;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

const c = (property: string, op: ConditionNode['op'], value: unknown): ConditionNode =>
  ({ property, op, value }) as ConditionNode;

const plan = (meta: EntityMetadata, conditions: ConditionNode[], allowScan = false) =>
  planKeyConditions(meta, conditions, allowScan);

describe('the scan guard decides on the planned row set', () => {
  const cases: Array<[string, EntityMetadata, ConditionNode[]]> = [
    ["delimited startsWith ''", getEntityMetadata(Doc), [c('tenant', 'startsWith', '')]],
    ["delimited >= ''", getEntityMetadata(Doc), [c('tenant', '>=', '')]],
    [
      "delimited >= '' and startsWith ''",
      getEntityMetadata(Doc),
      [c('tenant', '>=', ''), c('tenant', 'startsWith', '')],
    ],
    ["literal prefix startsWith ''", getEntityMetadata(Reading), [c('deviceType', 'startsWith', '')]],
    ["literal prefix >= ''", getEntityMetadata(Reading), [c('deviceType', '>=', '')]],
    ["ordered code >= ''", getEntityMetadata(OcDoc), [c('tenant', '>=', '')]],
    ["ordered code startsWith ''", getEntityMetadata(OcDoc), [c('tenant', 'startsWith', '')]],
    ["ordered code, no literal, >= ''", getEntityMetadata(OcBareDoc), [c('tenant', '>=', '')]],
    ["salted (one range per bucket) >= ''", getEntityMetadata(Event), [c('user', '>=', '')]],
    ['delimited int64 >= 0', getEntityMetadata(Numbered), [c('n', '>=', 0n)]],
    ['reversed id <= max', getEntityMetadata(ReversedId), [c('id', '<=', (1n << 63n) - 1n)]],
  ];
  for (const [name, meta, conditions] of cases) {
    it(`${name}: refused without allowScan(), a scan with it`, () => {
      const error = (() => {
        try {
          plan(meta, conditions);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(QueryError);
      expect((error as QueryError).message).toMatch(/do not narrow the key space.*allowScan\(\)/);
      const allowed = plan(meta, conditions, true);
      expect(allowed.scan).toBe(true);
      expect(spansEntity(meta, allowed.ranges)).toBe(true);
      expect(allowed.notes.join('\n')).toMatch(/do not narrow the key space: full scan/);
    });
  }

  const narrowing: Array<[string, EntityMetadata, ConditionNode[]]> = [
    ["startsWith 'a'", getEntityMetadata(Doc), [c('tenant', 'startsWith', 'a')]],
    ["> ''", getEntityMetadata(Doc), [c('tenant', '>', '')]],
    ["between '' and 'm'", getEntityMetadata(Doc), [c('tenant', 'between', ['', 'm'])]],
    ["<= 'zzz'", getEntityMetadata(Doc), [c('tenant', '<=', 'zzz')]],
    ["in ['']", getEntityMetadata(Doc), [c('tenant', 'in', [''])]],
    ["ordered code > ''", getEntityMetadata(OcDoc), [c('tenant', '>', '')]],
    ["ordered code, no literal, > ''", getEntityMetadata(OcBareDoc), [c('tenant', '>', '')]],
    ["salted >= 'a'", getEntityMetadata(Event), [c('user', '>=', 'a')]],
    ['int64 >= 1', getEntityMetadata(Numbered), [c('n', '>=', 1n)]],
    ['int64 <= 9998', getEntityMetadata(Numbered), [c('n', '<=', 9998n)]],
    ['reversed id <= max - 1', getEntityMetadata(ReversedId), [c('id', '<=', (1n << 63n) - 2n)]],
  ];
  for (const [name, meta, conditions] of narrowing) {
    it(`${name} narrows the key space: no scan, no allowScan() needed`, () => {
      const planned = plan(meta, conditions);
      expect(planned.scan).toBe(false);
      expect(spansEntity(meta, planned.ranges)).toBe(false);
    });
  }

  it('no key condition at all is still a scan (compileQuery refuses it as before)', () => {
    expect(plan(getEntityMetadata(Doc), [], false).scan).toBe(true);
  });

  it("the span starts at the smallest key a row can have (delimited: the empty tenant's 'reading##')", () => {
    const [span] = entityKeySpan(getEntityMetadata(Reading));
    expect(Buffer.from(span!.start!.key).toString()).toBe('reading##');
    expect(Buffer.from(span!.end!.key).toString()).toBe('reading$');
  });
});

describe('the scan guard through the query builder', () => {
  it("find().where('deviceType', 'startsWith' | '>=', '') is refused before anything is sent", async () => {
    const { readings } = await import('../../../golden/query/query-shapes.js');
    const vacuous = [
      () => readings().where('deviceType', 'startsWith', ''),
      () => readings().where('deviceType', '>=', ''),
    ];
    for (const query of vacuous) {
      expect(() => query().compile()).toThrow(QueryError);
      expect(() => query().explain()).toThrow(/do not narrow the key space/);
      expect(query().allowScan().explain()).toMatch(/full scan of every Reading row/);
    }
    expect(() => readings().where('deviceType', 'startsWith', 'p').compile()).not.toThrow();
  });
});
