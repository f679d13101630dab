// Helpers of the codegen tests: a directory for generated sources that type-checks with the project settings, and
// the big-endian bytes cells hold.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Creates `dir` (under the repository's .tmp/) with a tsconfig that extends the root one and includes its *.ts. */
export function prepareGeneratedDir(dir: URL): void {
  mkdirSync(dir, { recursive: true });
  // The root tsconfig does not include .tmp/; this one gives the generated files its settings (decorators).
  writeFileSync(
    new URL('tsconfig.json', dir),
    JSON.stringify({ extends: '../../tsconfig.json', include: ['*.ts'] }),
  );
}

/** The type errors of `files`, compiled with the tsconfig of `dir`, as `file: message` lines. */
export function typeErrors(dir: URL, files: readonly string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    fileURLToPath(new URL('tsconfig.json', dir)),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

/** 8 bytes, big-endian two's complement. */
export function int64Bytes(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, n);
  return b;
}

/** 8 bytes, big-endian IEEE 754. */
export function float64Bytes(n: number): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, n);
  return b;
}
