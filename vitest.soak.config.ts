import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** `npm run soak`: only the model suite's soak (test/model/soak.run.ts), output printed as it comes. */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: undefined, // the suite's two decorator-mode projects do not apply to the soak
    include: ['test/model/soak.run.ts'],
    testTimeout: 0,
    disableConsoleIntercept: true,
  },
});
