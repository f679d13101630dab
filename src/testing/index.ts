// `bigtable-mapper/testing`: the emulator test kit, usable from any test runner. The vitest hooks live in
// `bigtable-mapper/testing/vitest` so that this entry point never loads vitest (an optional peer dependency).
export { startEmulator } from './start-emulator.js';
export type { StartEmulatorOptions } from './start-emulator.js';
export type { EmulatorHandle } from './emulator-handle.js';
export { locateEmulator, emulatorCandidates } from './locate-emulator.js';
export type { EmulatorSearch } from './locate-emulator.js';
export { spawnEmulator } from './spawn-emulator.js';
export type { SpawnEmulatorOptions } from './spawn-emulator.js';
export { TestTable, EMULATOR_PROJECT, EMULATOR_INSTANCE } from './test-table.js';
export type { TestTableOptions } from './test-table.js';
export { TestMapper } from './test-mapper.js';
export type { TestMapperOptions } from './test-mapper.js';
