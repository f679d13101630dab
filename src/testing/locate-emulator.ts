import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { checkBoolean, checkObject, checkOptions } from '../errors/check-argument.js';

const RELATIVE = join('platform', 'bigtable-emulator', 'cbtemulator');

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function gcloudSdkRoot(): string | undefined {
  try {
    const out = execFileSync('gcloud', ['info', '--format=value(installation.sdk_root)'], {
      encoding: 'utf8',
      timeout: 15_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return out === '' ? undefined : out;
  } catch {
    return undefined;
  }
}

/** Which of the slower or machine-wide places {@link locateEmulator} may look in (all by default). */
export interface EmulatorSearch {
  /** The gcloud SDK install paths under /usr/lib, /usr/share, /opt and the home directory. */
  readonly wellKnownPaths?: boolean;
  /** Asking `gcloud info` for the SDK root. */
  readonly gcloud?: boolean;
}

/** The environment and search options of the emulator locators, checked before any file or process is looked at. */
function checkSearchArguments(api: string, env: unknown, search: unknown): void {
  checkObject({ api, argument: 'env' }, env, 'an environment object (like process.env)');
  checkOptions({ api, argument: 'search' }, search);
  for (const flag of ['wellKnownPaths', 'gcloud'] as const) {
    const value = (search as EmulatorSearch | undefined)?.[flag];
    if (value !== undefined) checkBoolean({ api, argument: `search.${flag}` }, value);
  }
}

/**
 * The places searched for `cbtemulator`, in order: `$CBTEMULATOR`, every `PATH` entry, the gcloud SDK root reported
 * by `gcloud info` (only asked when the cheap places fail), then the well-known install paths.
 *
 * @example
 * ```ts
 * const candidates = emulatorCandidates(process.env); // ['/usr/bin/cbtemulator', ...]
 * ```
 */
export function emulatorCandidates(
  env: Readonly<Record<string, string | undefined>>,
  search: EmulatorSearch = {},
): string[] {
  checkSearchArguments('emulatorCandidates', env, search);
  const list: string[] = [];
  if (env.CBTEMULATOR) list.push(env.CBTEMULATOR);
  for (const dir of (env.PATH ?? '').split(delimiter)) if (dir) list.push(join(dir, 'cbtemulator'));
  if (search.wellKnownPaths === false) return list;
  list.push(
    join('/usr/lib/google-cloud-sdk', RELATIVE),
    join('/usr/share/google-cloud-sdk', RELATIVE),
    join('/opt/google-cloud-sdk', RELATIVE),
    join(homedir(), 'google-cloud-sdk', RELATIVE),
  );
  return list;
}

/**
 * Finds an executable `cbtemulator`, or undefined.
 *
 * @example
 * ```ts
 * const bin = locateEmulator(); // '/usr/lib/google-cloud-sdk/platform/bigtable-emulator/cbtemulator'
 * ```
 */
export function locateEmulator(
  env: Readonly<Record<string, string | undefined>> = process.env,
  search: EmulatorSearch = {},
): string | undefined {
  checkSearchArguments('locateEmulator', env, search);
  const found = emulatorCandidates(env, search).find(isExecutable);
  if (found || search.gcloud === false) return found;
  const root = gcloudSdkRoot();
  const fromGcloud = root === undefined ? undefined : join(root, RELATIVE);
  return fromGcloud !== undefined && isExecutable(fromGcloud) ? fromGcloud : undefined;
}
