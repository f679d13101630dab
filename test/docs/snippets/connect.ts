import { Mapper } from 'bigtable-mapper';
import { ensureTable } from './ensure-tables.js';
import { Order } from './order.js';

// Production: credentials come from the environment like every Google client library
// (GOOGLE_APPLICATION_CREDENTIALS, `gcloud auth application-default login`, or the attached service account).
const mapper = Mapper.connect({ projectId: 'my-project', instanceId: 'my-instance', appProfileId: 'default' });

// The emulator: BIGTABLE_EMULATOR_HOST=host:port in the environment, or explicitly.
const local = Mapper.connect({ projectId: 'any', instanceId: 'any', emulatorHost: '127.0.0.1:8086' });

await ensureTable(local, Order);
const orders = local.repository(Order);
const acme = await orders.find({ customer: 'acme' }).limit(10).toArray();
await local.close(); // releases the channels so the process can exit
