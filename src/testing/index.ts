export { startEmulator } from './start-emulator.js';
export type { StartEmulatorOptions } from './start-emulator.js';
export type { EmulatorHandle } from './emulator-handle.js';
export { locateEmulator, emulatorCandidates } from './locate-emulator.js';
export { emulatorGlobalSetup, EMULATOR_HOST_KEY } from './emulator-global-setup.js';
export { TestTable, EMULATOR_PROJECT, EMULATOR_INSTANCE } from './test-table.js';
export { useTestTable } from './use-test-table.js';
