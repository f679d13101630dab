// Whether a process is running, a zombie counting as ended: the test kit's own check (it waits for emulators with it).
export { processRunning as processAlive } from '../../src/testing/process-running.js';
