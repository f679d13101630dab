// The Chromium the studio's browser tests drive (test/studio-browser): STUDIO_CHROMIUM when set, else the first
// system browser found (Debian's `chromium` package installs /usr/bin/chromium). No tool downloads a browser.
import { accessSync, constants } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The path of an executable Chromium, or undefined when there is none.
 * @returns {string | undefined}
 */
export function findChromium() {
  const wanted = process.env.STUDIO_CHROMIUM;
  const candidates = wanted !== undefined && wanted !== '' ? [wanted] : CANDIDATES;
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
