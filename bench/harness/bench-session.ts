// One benchmark session: its own emulator (or BIGTABLE_EMULATOR_HOST's), its table, and the three clients.
import { Mapper } from '../../src/repository/mapper.js';
import { startEmulator } from '../../src/testing/start-emulator.js';
import type { EmulatorHandle } from '../../src/testing/emulator-handle.js';
import { HlBench } from '../fixtures/hl-client.js';
import { RawBench } from '../fixtures/raw-client.js';
import { Reading, ReadingGc } from '../fixtures/reading.js';
import { GC_SHAPES } from '../fixtures/reading-gc-shapes.js';
import type { BenchContext } from './workload.js';

const PROJECT = 'bench';
const INSTANCE = 'bench';

export interface BenchSession {
  readonly emulator: EmulatorHandle;
  context(runId: string): BenchContext;
  close(): Promise<void>;
}

/**
 * Starts (or joins) an emulator and connects the library, the raw client and the HL client to it. `hostPort`
 * joins a running emulator (the test suite's) instead of starting one.
 */
export async function openBenchSession(hostPort?: string): Promise<BenchSession> {
  const emulator = hostPort
    ? await startEmulator({ env: { BIGTABLE_EMULATOR_HOST: hostPort } })
    : await startEmulator({ env: { ...process.env, BIGTABLE_EMULATOR_HOST: undefined } });
  const mapper = Mapper.connect({
    projectId: PROJECT,
    instanceId: INSTANCE,
    emulatorHost: emulator.hostPort,
  });
  await mapper.ensureSchema([Reading, ReadingGc, ...GC_SHAPES.map((shape) => shape.entity)]);
  const raw = new RawBench(emulator.hostPort, PROJECT, INSTANCE);
  const hl = new HlBench(emulator.hostPort, PROJECT, INSTANCE);
  return {
    emulator,
    context: (runId) => ({ mapper, raw, hl, runId }),
    async close() {
      await Promise.all([mapper.close(), raw.close(), hl.close()]);
      await emulator.stop();
    },
  };
}
