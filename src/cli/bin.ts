#!/usr/bin/env node
// The `bigtable-mapper` executable (package.json `bin`): runs the CLI on this process's arguments and streams.
import { readFileSync } from 'node:fs';
import { runCli } from './run-cli.js';

// dist/src/cli/bin.js → the package's package.json.
const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
process.exitCode = await runCli(
  process.argv.slice(2),
  { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() },
  version,
);
