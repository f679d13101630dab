// `bigtable-mapper/testing/vitest`: the vitest helpers of the test kit. They import vitest, an optional peer
// dependency, so they live apart from `bigtable-mapper/testing`, which loads without it.
export { emulatorGlobalSetup, EMULATOR_HOST_KEY } from './emulator-global-setup.js';
export { useTestTable } from './use-test-table.js';
export { useMapper } from './use-mapper.js';
