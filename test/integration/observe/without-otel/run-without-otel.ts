// Run by without-open-telemetry.test.ts in a child process where `@opentelemetry/api` cannot be resolved: the
// library loads, writes, reads and reports its events all the same. Prints one JSON line.
import { createRequire } from 'node:module';
import { Mapper, defineEntity } from '../../../../src/index.js';
import { loadOpenTelemetry } from '../../../../src/observe/load-open-telemetry.js';

class Item {
  id!: string;
  name!: string;
}
const ItemEntity = defineEntity(Item, {
  table: process.env.TABLE!,
  key: [{ property: 'id', type: 'string' }],
  families: { d: {} },
  properties: { name: { family: 'd', codec: 'string' } },
});

let hidden = false;
try {
  createRequire(import.meta.url)('@opentelemetry/api');
} catch {
  hidden = true;
}
const mapper = Mapper.connect({ projectId: 'p', instanceId: 'i', emulatorHost: process.env.EMULATOR_HOST! });
const calls: string[] = [];
mapper.events.on('call', (s) => calls.push(`${s.operation}:${s.outcome}:${s.rowsReturned}`));
try {
  await mapper.createTable(ItemEntity);
  const items = mapper.repository(ItemEntity);
  await items.save(Object.assign(new Item(), { id: 'a', name: 'one' }));
  const got = await items.get({ id: 'a' });
  console.log(JSON.stringify({ hidden, loaded: loadOpenTelemetry() !== undefined, name: got?.name, calls }));
} finally {
  await mapper.close();
}
