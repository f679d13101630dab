import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { PartialWriteError } from '../../../src/errors/partial-write-error.js';
import { ValidationError } from '../../../src/errors/validation-error.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import type { SkippedRow } from '../../../src/query/builder/skipped-row.js';
import type { Mapper } from '../../../src/repository/mapper.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

// Issue 27 item 2: an entity's Standard Schema validator (zod 4, valibot 1) runs before any write is sent, and on
// reads when asked to.

interface Owner {
  readonly name: string;
}

// Read validation is tested by tightening the limit after a row was written under the looser one.
const limits = { battery: 100 };

const zodDevice = z.object({
  id: z.string().min(1),
  name: z.string().max(10),
  battery: z
    .number()
    .int()
    .min(0)
    .refine((b) => b <= limits.battery, 'battery above the limit'),
  owner: z.object({ name: z.string().min(1) }),
});

@Entity({ table: 'val_zod', validate: zodDevice, validateOnRead: true })
@Family('d')
class ZodDevice {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) battery!: number;
  @Column({ family: 'd', codec: 'json' }) owner!: Owner;
}

const zodDevice_ = (id: string, battery: number, owner = 'ana', name = id): ZodDevice =>
  Object.assign(new ZodDevice(), { id, name, battery, owner: { name: owner } });

// An asynchronous validator: the name is checked against a (pretend) remote registry.
const takenNames = new Set(['taken']);
const valibotSensor = v.objectAsync({
  id: v.string(),
  name: v.pipeAsync(
    v.string(),
    v.checkAsync(async (name) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return !takenNames.has(name);
    }, 'name is taken'),
  ),
  readings: v.array(v.pipe(v.number(), v.minValue(0, 'reading below zero'))),
});

class Sensor {
  id!: string;
  name!: string;
  readings!: number[];
}
defineEntity(Sensor, {
  table: 'val_valibot',
  validate: valibotSensor,
  key: [{ property: 'id' }],
  families: { d: {} },
  properties: {
    name: { family: 'd', codec: 'string' },
    readings: { family: 'd', codec: 'json' },
  },
});

// An asynchronous validator cannot run on reads, which validate synchronously.
class Gauge {
  id!: string;
  level!: number;
}
defineEntity(Gauge, {
  table: 'val_async_read',
  validate: v.objectAsync({ id: v.string(), level: v.number() }),
  validateOnRead: true,
  key: [{ property: 'id' }],
  families: { d: {} },
  properties: { level: { family: 'd', codec: 'int64AsNumber' } },
});

const sensor = (id: string, name: string, readings: number[]): Sensor =>
  Object.assign(new Sensor(), { id, name, readings });

/** Counts every write RPC the mapper's data client is asked to send. */
function watchWrites(mapper: Mapper): () => number {
  const data = mapper.connection.data;
  const spies = [
    vi.spyOn(data, 'mutateRow'),
    vi.spyOn(data, 'mutateRows'),
    vi.spyOn(data, 'checkAndMutateRow'),
  ];
  return () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
}

async function refusal(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('Standard Schema validation', () => {
  const mapper = useMapper([ZodDevice, Sensor, Gauge]);
  afterEach(() => {
    vi.restoreAllMocks();
    limits.battery = 100;
  });

  it('save of an invalid entity (zod) sends nothing; the issues carry property paths', async () => {
    const writes = watchWrites(mapper());
    const devices = mapper().repository(ZodDevice);
    const e = await refusal(devices.save(zodDevice_('z1', 120, '', 'far too long a name')));
    expect(e.code).toBe('VALIDATION');
    expect(e).toMatchObject({ entity: 'ZodDevice', operation: 'save', key: undefined });
    expect(e.issues.map((i) => i.path)).toEqual([['name'], ['battery'], ['owner', 'name']]);
    expect(e.message).toMatch(
      /^ZodDevice: save refused by the entity's validator: name: .*; battery: .*; owner\.name: /,
    );
    expect(writes()).toBe(0);
    expect(await devices.get({ id: 'z1' })).toBeUndefined();
  });

  it('a valid entity is saved and read back (zod), and insert validates too', async () => {
    const devices = mapper().repository(ZodDevice);
    await devices.save(zodDevice_('z2', 40));
    expect(await devices.get({ id: 'z2' })).toMatchObject({ battery: 40, owner: { name: 'ana' } });
    const writes = watchWrites(mapper());
    const e = await refusal(devices.insert(zodDevice_('z3', -1)));
    expect(e).toMatchObject({ operation: 'insert', issues: [{ path: ['battery'] }] });
    expect(writes()).toBe(0);
    expect(await devices.get({ id: 'z3' })).toBeUndefined();
  });

  it('update validates the key and the changed properties only, and sends nothing when refused', async () => {
    const devices = mapper().repository(ZodDevice);
    await devices.save(zodDevice_('z4', 40));
    const writes = watchWrites(mapper());
    const e = await refusal(devices.update({ id: 'z4' }, { battery: 101 }));
    // name and owner are absent from the update: the validator's complaints about them are not the update's.
    expect(e).toMatchObject({ operation: 'update', issues: [{ path: ['battery'] }] });
    expect(writes()).toBe(0);
    await devices.update({ id: 'z4' }, { battery: 55 });
    expect(await devices.get({ id: 'z4' })).toMatchObject({ battery: 55, name: 'z4' });
  });

  it('an asynchronous validator (valibot) refuses save, insert, update; a valid entity is written', async () => {
    const sensors = mapper().repository(Sensor);
    const writes = watchWrites(mapper());
    const e = await refusal(sensors.save(sensor('s1', 'taken', [1, -2])));
    expect(e.issues).toEqual([
      { message: 'name is taken', path: ['name'] },
      { message: 'reading below zero', path: ['readings', 1] },
    ]);
    await refusal(sensors.insert(sensor('s1', 'taken', [])));
    expect(writes()).toBe(0);
    expect(await sensors.get({ id: 's1' })).toBeUndefined();
    await sensors.save(sensor('s1', 'free', [1, 2]));
    const u = await refusal(sensors.update({ id: 's1' }, { name: 'taken' }));
    expect(u.issues).toEqual([{ message: 'name is taken', path: ['name'] }]);
    expect(await sensors.get({ id: 's1' })).toMatchObject({ name: 'free', readings: [1, 2] });
  });

  it('saveMany with one invalid entity (array) is refused before anything is sent, async validator too', async () => {
    const writes = watchWrites(mapper());
    const devices = mapper().repository(ZodDevice);
    const e = await refusal(
      devices.saveMany([zodDevice_('m1', 1), zodDevice_('m2', 200), zodDevice_('m3', 3)]),
    );
    expect(e).toMatchObject({ operation: 'saveMany', issues: [{ path: ['battery'] }] });
    const sensors = mapper().repository(Sensor);
    await refusal(sensors.saveMany([sensor('m1', 'a', []), sensor('m2', 'taken', [])]));
    expect(writes()).toBe(0);
    expect(await devices.get({ id: 'm1' })).toBeUndefined();
    expect(await sensors.get({ id: 'm1' })).toBeUndefined();
  });

  it('saveMany of a stream stops at the invalid entity: its batch is not sent', async () => {
    const sensors = mapper().repository(Sensor);
    const writes = watchWrites(mapper());
    async function* input(): AsyncGenerator<Sensor> {
      yield sensor('st1', 'a', []);
      yield sensor('st2', 'taken', []);
    }
    const error = await sensors.saveMany(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialWriteError);
    const failure = (error as PartialWriteError).failures.find((f) => f.index === 1);
    expect(failure?.cause).toBeInstanceOf(ValidationError);
    expect(writes()).toBe(0);
    expect(await sensors.get({ id: 'st1' })).toBeUndefined();
  });

  it('validateOnRead: a refused row throws by default and is reported and skipped with onDecodeError skip', async () => {
    const devices = mapper().repository(ZodDevice);
    await devices.saveMany([zodDevice_('r1', 10), zodDevice_('r2', 90), zodDevice_('r3', 20)]);
    limits.battery = 60;
    const e = await refusal(devices.get({ id: 'r2' }));
    expect(e).toMatchObject({
      operation: 'read',
      issues: [{ message: 'battery above the limit', path: ['battery'] }],
    });
    expect(Buffer.from(e.key!).toString()).toBe('r2');
    expect(e.message).toContain('in row "r2"');
    await refusal(devices.scan().toArray());
    const skipped: SkippedRow[] = [];
    const kept = await devices
      .scan()
      .onDecodeError('skip', (row) => skipped.push(row))
      .toArray();
    expect(kept.map((d) => d.id).filter((id) => id.startsWith('r'))).toEqual(['r1', 'r3']);
    expect(skipped.map((s) => Buffer.from(s.key).toString())).toEqual(['r2']);
    expect(skipped[0]!.error).toBeInstanceOf(ValidationError);
    // A projection is not a whole entity: it is not held to the whole entity's schema.
    const [partial] = await devices.find({ id: 'r2' }).select('battery').toArray();
    expect(partial).toMatchObject({ id: 'r2', battery: 90 });
    // Saving it is an update of what was loaded, and validated as one.
    const writes = watchWrites(mapper());
    const e2 = await refusal(devices.save(partial as ZodDevice));
    expect(e2).toMatchObject({ operation: 'update', issues: [{ path: ['battery'] }] });
    expect(writes()).toBe(0);
  });

  it('validateOnRead with an asynchronous validator refuses the rows it reads, saying why', async () => {
    const gauges = mapper().repository(Gauge);
    await gauges.save(Object.assign(new Gauge(), { id: 'g1', level: 3 }));
    const e = await refusal(gauges.get({ id: 'g1' }));
    expect(e.issues).toEqual([
      { message: 'validateOnRead needs a synchronous validator; this one returned a Promise', path: [] },
    ]);
  });

  it('without validateOnRead, reads do not validate', async () => {
    const sensors = mapper().repository(Sensor);
    await sensors.save(sensor('n1', 'later-taken', [1]));
    takenNames.add('later-taken');
    try {
      expect(await sensors.get({ id: 'n1' })).toMatchObject({ name: 'later-taken' });
    } finally {
      takenNames.delete('later-taken');
    }
  });

  it('a declaration that is not a Standard Schema is a MetadataError', () => {
    @Entity({ table: 'val_bad', validate: { parse: () => true } as never, validateOnRead: 'yes' as never })
    @Family('d')
    class Bad {
      @KeyPart(0, 'string') id!: string;
    }
    const error = (() => {
      try {
        mapper().repository(Bad);
        return undefined;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MetadataError);
    expect((error as MetadataError).problems.map((p) => p.message)).toEqual([
      'validate must be a Standard Schema (version 1) validator, e.g. a zod or valibot schema',
      'validateOnRead must be a boolean',
    ]);
  });
});
