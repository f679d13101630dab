// One test per lint rule: an entity breaking it and a compliant one, declared with defineEntity() or decorators.
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import {
  AggregateMap,
  Column,
  Counter,
  CounterMap,
  Entity,
  Family,
  Gc,
  KeyPart,
  QualifierSet,
} from '../../../../decorators/index.js';
import type { EntityClass, EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import { defineEntity, getEntityMetadata } from '../../../../src/metadata/index.js';
import { lintEntities } from '../../../../src/lint/lint-entities.js';
import { LINT_RULES, type LintRuleId } from '../../../../src/lint/lint-rules.js';
import type { LintFinding, LintOptions } from '../../../../src/lint/lint-types.js';

let tables = 0;
/** A class named `name` (entity names come from class names), its own table each time. */
function entity(
  name: string,
  key: readonly object[],
  rest: Readonly<Record<string, unknown>> = {},
): EntityMetadata {
  const cls = { [name]: class {} }[name]!;
  tables += 1;
  defineEntity(cls, { table: `lint_${tables}`, key, ...rest } as never);
  return getEntityMetadata(cls as EntityClass);
}

function findings(metas: EntityMetadata[], ruleId: LintRuleId, options?: LintOptions): LintFinding[] {
  return lintEntities(metas, options).filter((f) => f.ruleId === ruleId);
}

const ok = {
  families: { d: { gc: Gc.maxVersions(1) } },
  properties: { v: { family: 'd', codec: 'string' } },
};

describe('key-timestamp-first', () => {
  it('is an error for a timestamp or reversed timestamp first (after literals), a warning for a date-like name', () => {
    const ts = entity(
      'TsFirst',
      [{ literal: 'r' }, { property: 'at', type: 'timestamp' }, { property: 'id' }],
      ok,
    );
    const rts = entity('RtsFirst', [{ property: 'at', type: 'reversedTimestamp' }, { property: 'id' }], ok);
    const day = entity('DayFirst', [{ property: 'day' }, { property: 'deviceId' }], ok);
    expect(
      findings([ts, rts, day], 'key-timestamp-first').map((f) => [f.entity, f.property, f.severity]),
    ).toEqual([
      ['TsFirst', 'at', 'error'],
      ['RtsFirst', 'at', 'error'],
      ['DayFirst', 'day', 'warning'],
    ]);
  });
  it('accepts an id before the timestamp, and a salted key', () => {
    const good = entity(
      'MachineReading',
      [{ property: 'machine' }, { property: 'at', type: 'timestamp' }],
      ok,
    );
    const salted = entity('SaltedReading', [{ property: 'at', type: 'timestamp' }], {
      ...ok,
      salt: { buckets: 8 },
    });
    expect(findings([good, salted], 'key-timestamp-first')).toEqual([]);
  });
});

describe('key-sequential-id-first', () => {
  it('flags an int64 first segment and accepts reversedInt64', () => {
    const bad = entity('UserById', [{ property: 'userId', type: 'int64' }], ok);
    const good = entity('UserByReversedId', [{ property: 'userId', type: 'reversedInt64' }], ok);
    expect(findings([bad, good], 'key-sequential-id-first').map((f) => f.entity)).toEqual(['UserById']);
  });
});

describe('key-raw-bytes and key-hashed-segment', () => {
  it('flag bytes segments and hash-named segments, not readable strings', () => {
    const raw = entity('RawKey', [{ property: 'id', type: 'bytes' }], ok);
    const hashed = entity('HashedKey', [{ property: 'userHash' }, { property: 'id' }], ok);
    const good = entity('ReadableKey', [{ property: 'userId' }], ok);
    expect(findings([raw, hashed, good], 'key-raw-bytes').map((f) => f.entity)).toEqual(['RawKey']);
    expect(findings([raw, hashed, good], 'key-hashed-segment').map((f) => f.property)).toEqual(['userHash']);
  });
});

describe('key-domain-not-reversed', () => {
  it('flags a string domain-like key part and accepts reversedDomain', () => {
    const bad = entity('PageByHost', [{ property: 'host' }, { property: 'path' }], ok);
    const good = entity('PageByDomain', [{ property: 'domain', type: 'reversedDomain' }], ok);
    expect(findings([bad, good], 'key-domain-not-reversed').map((f) => f.property)).toEqual(['host']);
  });
});

describe('key-size-unbounded and key-size-over-limit', () => {
  it('reports unbounded string parts, accepts declared bounds, and errors when bounds exceed 4 KiB', () => {
    const key = [{ property: 'a' }, { property: 'n', type: 'int64' }] as const;
    const meta = entity('Sized', [{ property: 'k' }, ...key], ok);
    expect(findings([meta], 'key-size-unbounded').map((f) => f.property)).toEqual(['k, a']);
    const small = { maxBytes: { Sized: { k: 64, a: 64 } } };
    expect(lintEntities([meta], small).filter((f) => f.ruleId.startsWith('key-size'))).toEqual([]);
    const big = findings([meta], 'key-size-over-limit', { maxBytes: { Sized: { k: 4020, a: 64 } } });
    expect(big).toHaveLength(1);
    expect(big[0]!.severity).toBe('error');
    expect(big[0]!.message).toMatch(/4106 bytes/); // 4020 + 64 + 20 + 2 delimiters
  });
  it('counts ordered-code escapes: a bound doubles', () => {
    const meta = entity('SizedOc', [{ property: 'k' }], { ...ok, encoding: 'orderedCode' });
    expect(findings([meta], 'key-size-over-limit', { maxBytes: { SizedOc: { k: 2049 } } })).toHaveLength(1);
    expect(findings([meta], 'key-size-over-limit', { maxBytes: { SizedOc: { k: 2048 } } })).toEqual([]);
  });
});

describe('key-tenant-not-first', () => {
  it('flags a tenant after another key part (warning) or after a literal prefix (info)', () => {
    const bad = entity('OrderByDay', [{ property: 'orderId' }, { property: 'customerId' }], ok);
    const prefixed = entity('OrderPrefixed', [{ literal: 'order' }, { property: 'tenant' }], ok);
    const good = entity('OrderByTenant', [{ property: 'tenant' }, { property: 'orderId' }], ok);
    expect(
      findings([bad, prefixed, good], 'key-tenant-not-first').map((f) => [f.entity, f.severity]),
    ).toEqual([
      ['OrderByDay', 'warning'],
      ['OrderPrefixed', 'info'],
    ]);
  });
});

describe('table-too-many-families', () => {
  const families = (from: number, to: number) =>
    Object.fromEntries(
      Array.from({ length: to - from }, (_, i) => [`f${from + i}`, { gc: Gc.maxVersions(1) }]),
    );
  it('counts the families of every entity of a table', () => {
    const a = entity('WideA', [{ property: 'id' }], { prefix: 'a', families: families(0, 60) });
    const b = entity('WideB', [{ property: 'id' }], { prefix: 'b', families: families(50, 101) });
    const sameTable = { ...b, table: a.table };
    const found = findings([a, sameTable], 'table-too-many-families');
    expect(found.map((f) => [f.entity, f.severity])).toEqual([['WideA + WideB', 'error']]);
    expect(found[0]!.message).toMatch(/101 column families/);
    expect(findings([a, b], 'table-too-many-families')).toEqual([]);
  });
});

describe('family-name-long and qualifier-long', () => {
  it('flag long names and accept short ones (thresholds configurable)', () => {
    const bad = entity('LongNames', [{ property: 'id' }], {
      families: { statistics_summary_of_device: { gc: Gc.maxVersions(1) } },
      properties: {
        osBuild: { family: 'statistics_summary_of_device', qualifier: 'x'.repeat(33), codec: 'string' },
      },
    });
    const good = entity('ShortNames', [{ property: 'id' }], {
      families: { stats_summary: { gc: Gc.maxVersions(1) } },
      properties: { osBuild: { family: 'stats_summary', qualifier: 'os_build', codec: 'string' } },
    });
    expect(findings([bad, good], 'family-name-long').map((f) => f.property)).toEqual([
      'statistics_summary_of_device',
    ]);
    expect(findings([bad, good], 'qualifier-long').map((f) => f.property)).toEqual(['osBuild']);
    expect(findings([good], 'family-name-long', { maxFamilyNameLength: 4 })).toHaveLength(1);
  });
});

describe('GC rules', () => {
  it('gc-versioned-unbounded: versioned columns need a GC rule on their family', () => {
    const bad = entity('History', [{ property: 'id' }], {
      families: { h: {} },
      properties: { notes: { family: 'h', codec: 'string', versioned: true } },
    });
    const good = entity('BoundedHistory', [{ property: 'id' }], {
      families: { h: { gc: Gc.union(Gc.maxVersions(100), Gc.maxAge({ days: 365 })) } },
      properties: { notes: { family: 'h', codec: 'string', versioned: true } },
    });
    const buckets = entity('DailyViews', [{ property: 'id' }], {
      families: { v: { aggregate: 'sum' }, w: { aggregate: 'sum', gc: Gc.maxAge({ days: 30 }) } },
      properties: {
        daily: { kind: 'aggregate', family: 'v', versioned: true },
        total: { kind: 'aggregate', family: 'v', qualifier: 't' },
        recent: { kind: 'aggregate', family: 'w', versioned: true },
      },
    });
    expect(
      findings([bad, good, buckets], 'gc-versioned-unbounded').map((f) => [f.entity, f.property]),
    ).toEqual([
      ['History', 'notes'],
      ['DailyViews', 'daily'],
    ]);
  });

  it('gc-counter-unbounded: counters need a GC rule on their family (decorators)', () => {
    @Entity({ table: 'lint_counters_bad' })
    @Family('c')
    class CounterNoGc {
      @KeyPart(0, 'string') id!: string;
      @Counter({ family: 'c' }) hits!: bigint;
    }
    @Entity({ table: 'lint_counters_ok' })
    @Family('c', { gc: Gc.maxVersions(1) })
    class CounterGc {
      @KeyPart(0, 'string') id!: string;
      @Counter({ family: 'c' }) hits!: bigint;
    }
    const metas = [getEntityMetadata(CounterNoGc), getEntityMetadata(CounterGc)];
    expect(findings(metas, 'gc-counter-unbounded').map((f) => [f.entity, f.property])).toEqual([
      ['CounterNoGc', 'hits'],
    ]);
  });

  it('gc-counter-unbounded: counter maps are counters; aggregate maps merge and need none', () => {
    @Entity({ table: 'lint_counter_maps' })
    @Family('unread')
    @Family('reactions', { aggregate: 'sum' })
    class Chat {
      @KeyPart(0, 'string') id!: string;
      @CounterMap({ family: 'unread', key: 'string' }) unread!: Map<string, bigint>;
      @AggregateMap({ family: 'reactions', key: 'string' }) reactions!: Map<string, bigint>;
    }
    const metas = [getEntityMetadata(Chat)];
    expect(findings(metas, 'gc-counter-unbounded').map((f) => [f.entity, f.property, f.message])).toEqual([
      [
        'Chat',
        'unread',
        'counter map `unread` is incremented in place and family `unread` has no GC rule: every increment leaves a cell version behind',
      ],
    ]);
    expect(findings(metas, 'gc-qualifiers-unbounded')).toEqual([]);
  });

  it('gc-qualifiers-unbounded: maps and sets need a GC rule on their family (decorators)', () => {
    @Entity({ table: 'lint_sets_bad' })
    @Family('friends')
    class FriendsNoGc {
      @KeyPart(0, 'string') person!: string;
      @QualifierSet({ family: 'friends', key: 'string' }) friends!: Set<string>;
    }
    @Entity({ table: 'lint_sets_ok' })
    @Family('friends', { gc: Gc.maxVersions(1) })
    @Family('d', { gc: Gc.maxVersions(1) })
    class FriendsGc {
      @KeyPart(0, 'string') person!: string;
      @QualifierSet({ family: 'friends', key: 'string' }) friends!: Set<string>;
      @Column({ family: 'd', codec: 'string' }) name!: string;
    }
    const metas = [getEntityMetadata(FriendsNoGc), getEntityMetadata(FriendsGc)];
    expect(findings(metas, 'gc-qualifiers-unbounded').map((f) => [f.entity, f.property])).toEqual([
      ['FriendsNoGc', 'friends'],
    ]);
  });
});

describe('cell-size-unbounded and cell-size-over-limit', () => {
  const Payload = new protobuf.Type('LintPayload').add(new protobuf.Field('a', 1, 'string'));
  new protobuf.Root().define('lint.v1').add(Payload);
  const blobs = {
    families: { d: { gc: Gc.maxVersions(1) } },
    properties: {
      settings: { family: 'd', codec: 'json' },
      payload: { kind: 'protobuf', family: 'd', type: Payload },
      title: { family: 'd', codec: 'string' },
    },
  } as const;

  it('reports JSON and protobuf columns without a declared bound, not other columns', () => {
    const meta = entity('Blobs', [{ property: 'id' }], blobs);
    expect(findings([meta], 'cell-size-unbounded').map((f) => [f.property, f.severity])).toEqual([
      ['settings', 'info'],
      ['payload', 'info'],
    ]);
    const bounded = { maxBytes: { Blobs: { settings: 4096, payload: 65536 } } };
    expect(lintEntities([meta], bounded).filter((f) => f.ruleId.startsWith('cell-size'))).toEqual([]);
  });

  it('warns over 10 MiB per cell or 100 MiB per row, errors over the 100 MiB cell limit', () => {
    const meta = entity('BigBlobs', [{ property: 'id' }], blobs);
    const MiB = 1024 * 1024;
    const over = findings([meta], 'cell-size-over-limit', {
      maxBytes: { BigBlobs: { settings: 20 * MiB, payload: 101 * MiB } },
    });
    expect(over.map((f) => [f.property, f.severity])).toEqual([
      ['settings', 'warning'],
      ['payload', 'error'],
      [undefined, 'warning'],
    ]);
  });
});

describe('every rule', () => {
  it('has a seed citation and a row in docs/lint.md', () => {
    const doc = readFileSync(new URL('../../../../docs/lint.md', import.meta.url), 'utf8');
    for (const [id, rule] of Object.entries(LINT_RULES)) {
      expect(rule.seedRule, id).not.toBe('');
      expect(doc, id).toContain(`| \`${id}\` |`);
    }
  });
});
