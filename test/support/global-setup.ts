export { emulatorGlobalSetup as default } from '../../src/testing/emulator-global-setup.js';
