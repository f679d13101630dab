import { readFile, realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { SECURITY_HEADERS } from './http-json.js';
import { StudioError } from './studio-error.js';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const notFound = (): StudioError => new StudioError(404, 'STUDIO_NOT_FOUND', 'no such asset');

/**
 * Serves `/assets/<name>` from the assets directory: a plain file name of a known type (letters, digits, `.`, `-`,
 * `_`, one level of sub-directory at most), resolved with symlinks followed, and only if it is still inside the
 * directory. Anything else — `..`, encoded separators, a NUL, a directory — is a 404.
 */
export async function serveAsset(
  response: ServerResponse,
  assetsDir: string | undefined,
  pathname: string,
): Promise<void> {
  if (assetsDir === undefined) throw notFound();
  // `pathname` is the URL's path as sent (the URL parser already resolved `..` segments it saw; encoded ones stay).
  const name = pathname.slice('/assets/'.length);
  if (!/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name) || name.includes('..'))
    throw notFound();
  const type = TYPES[extname(name)];
  if (type === undefined) throw notFound();
  let file: string;
  let root: string;
  try {
    root = await realpath(assetsDir);
    file = await realpath(join(root, name));
    if (!file.startsWith(root + sep) || !(await stat(file)).isFile()) throw notFound();
  } catch {
    throw notFound();
  }
  const body = await readFile(file);
  response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': body.length });
  response.end(body);
}

/** Escapes text for an HTML attribute. */
function attribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page at `/`: no inline script or style (the CSP forbids them); the token in a meta tag for the app and in the
 * asset URLs (a page cannot set headers on its own script tags).
 */
export function sendShell(response: ServerResponse, token: string): void {
  const t = attribute(encodeURIComponent(token));
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="studio-token" content="${attribute(token)}">
<title>bigtable-mapper studio</title>
<link rel="stylesheet" href="/assets/studio.css?token=${t}">
<script type="module" src="/assets/studio.js?token=${t}"></script>
</head>
<body>
<noscript>The studio needs JavaScript.</noscript>
<div id="app"></div>
</body>
</html>
`;
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  });
  response.end(html);
}
