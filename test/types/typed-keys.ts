// Type tests, compiled by `tsc --noEmit` (the typecheck step of `npm test`) and never run: every
// `@ts-expect-error` line must fail to compile, every other line must compile. A line that stops failing breaks the
// typecheck ("Unused '@ts-expect-error' directive").
import { Column, Entity, Family, KeyPart } from '../../decorators/index.js';
import { defineEntity } from '../../src/metadata/define-entity.js';
import type { Mapper } from '../../src/repository/mapper.js';

/** A decorated class that declares its key parts to TypeScript (type-only: nothing is emitted). */
@Entity({ table: 'docs' })
@Family('d')
class Doc {
  declare static readonly keyParts: readonly ['tenant', 'folder', 'id'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') folder!: string;
  @KeyPart(2, 'int64') id!: bigint;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

/** The same without the declaration: today's loose keys, checked at run time. */
@Entity({ table: 'loose' })
@Family('d')
class Loose {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

class Device {
  deviceType!: string;
  deviceId!: string;
  cpu?: number;
}
const DeviceEntity = defineEntity(Device, {
  table: 'devices',
  prefix: 'dev',
  key: [{ property: 'deviceType' }, { literal: 'x' }, { property: 'deviceId', type: 'string' }],
  families: { m: {} },
  properties: { cpu: { family: 'm', codec: 'float64', optional: true } },
});

class DeviceEvent {
  deviceType!: string;
  deviceId!: string;
  seq!: bigint;
}
const DeviceEventEntity = defineEntity(DeviceEvent, {
  table: 'devices',
  parent: DeviceEntity,
  literal: 'e',
  key: [{ property: 'seq', type: 'int64' }],
});

export async function typedKeys(mapper: Mapper, someDoc: Doc): Promise<void> {
  const docs = mapper.repository(Doc);

  // Full keys: exactly the key parts, typed.
  await docs.get({ tenant: 'a', folder: 'f', id: 1n });
  await docs.getOrThrow({ tenant: 'a', folder: 'f', id: 1n });
  await docs.getMany([{ tenant: 'a', folder: 'f', id: 1n }]);
  await docs.delete({ tenant: 'a', folder: 'f', id: 1n });
  await docs.delete(someDoc); // an entity names its own row
  await docs.deleteMany([someDoc, { tenant: 'a', folder: 'f', id: 2n }]);
  await docs.update({ tenant: 'a', folder: 'f', id: 1n }, { status: 'x' });
  docs.keyOf({ tenant: 'a', folder: 'f', id: 1n });
  // @ts-expect-error a missing key part
  await docs.get({ tenant: 'a', folder: 'f' });
  // @ts-expect-error a property that is not a key part
  await docs.get({ status: 'x' });
  // @ts-expect-error a key part of the wrong type
  await docs.get({ tenant: 'a', folder: 'f', id: 'one' });
  // @ts-expect-error an extra property in a key literal
  await docs.delete({ tenant: 'a', folder: 'f', id: 1n, status: 'x' });
  // @ts-expect-error a partial key is not a full key
  await docs.getMany([{ tenant: 'a' }]);
  // @ts-expect-error a partial key is not a full key
  await docs.increment({ tenant: 'a' }, 'status');
  // @ts-expect-error a partial key is not a full key
  await docs.aggregate({ tenant: 'a' }, 'status', 1);
  // @ts-expect-error a partial key is not a full key
  docs.keyOf({ id: 1n });

  // Key prefixes: the leading parts in order.
  docs.find();
  docs.find({});
  docs.find({ tenant: 'a' });
  docs.find({ tenant: 'a', folder: 'f' });
  docs.find({ tenant: 'a', folder: 'f', id: 1n });
  // @ts-expect-error a gap: id without folder
  docs.find({ tenant: 'a', id: 1n });
  // @ts-expect-error not the first key part
  docs.find({ folder: 'f' });
  // @ts-expect-error a column is a condition: use where()
  docs.find({ tenant: 'a', status: 'x' });
  await docs.deleteByPrefix({ tenant: 'a' });
  await docs.deleteByPrefix({ tenant: 'a', folder: 'f' });
  await docs.deleteByPrefix({ tenant: 'a', folder: 'f', id: 1n });
  await docs.deleteByPrefix({}, { allowEntireEntity: true });
  // @ts-expect-error an empty prefix needs allowEntireEntity
  await docs.deleteByPrefix({});
  // @ts-expect-error an empty prefix needs allowEntireEntity
  await docs.deleteByPrefix({}, { allowEntireEntity: false });
  // @ts-expect-error a gap
  await docs.deleteByPrefix({ tenant: 'a', id: 1n });
  // @ts-expect-error a gap, even with allowEntireEntity
  await docs.deleteByPrefix({ id: 1n }, { allowEntireEntity: true });
  // @ts-expect-error a non-key property
  await docs.deleteByPrefix({ tenant: 'a', status: 'done' });

  // defineEntity infers the key parts from its key tuple (literals skipped).
  const devices = mapper.repository(DeviceEntity);
  await devices.get({ deviceType: 'phone', deviceId: 'x' });
  devices.find({ deviceType: 'phone' });
  // @ts-expect-error a missing key part
  await devices.get({ deviceType: 'phone' });
  // @ts-expect-error not the first key part
  devices.find({ deviceId: 'x' });

  // A child declared with defineEntity({ parent }) takes the parent's key parts first.
  const events = mapper.repository(DeviceEventEntity);
  await events.get({ deviceType: 'phone', deviceId: 'x', seq: 1n });
  events.find({ deviceType: 'phone', deviceId: 'x' });
  await events.deleteByPrefix({ deviceType: 'phone' }, { alsoDelete: [] });
  // @ts-expect-error the child's own key part is missing
  await events.get({ deviceType: 'phone', deviceId: 'x' });
  // @ts-expect-error not a leading run: the parent's key parts come first
  events.find({ seq: 1n });

  // Without a declaration, keys stay loose (checked at run time).
  const loose = mapper.repository(Loose);
  await loose.get({ tenant: 'a' });
  loose.find({ id: 'x' });
  await loose.deleteByPrefix({ tenant: 'a' });
}
