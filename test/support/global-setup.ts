export { emulatorGlobalSetup as default } from 'bigtable-mapper/testing/vitest';
