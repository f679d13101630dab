// The studio's guards over HTTP, in-process against the emulator: the token on every request, the Host check, no
// CORS, cross-site POSTs, writes off by default (and nothing written), assets without directory traversal.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mapper } from '../../src/index.js';
import { startStudio } from '../../src/studio/index.js';
import type { StudioServer } from '../../src/studio/index.js';
import { Gadget, emulatorHost, freshInstance } from './studio-fixtures.js';

/** A raw request (fetch would normalise the path and refuse to set Host). */
function raw(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('studio security', () => {
  const instanceId = freshInstance();
  let mapper: Mapper;
  let studio: StudioServer;
  let assets: string;
  const gadget = Object.assign(new Gadget(), { kind: 'phone', id: 'p1', name: 'first' });

  beforeAll(async () => {
    mapper = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    await mapper.ensureSchema([Gadget]);
    await mapper.repository(Gadget).save(gadget);
    const root = mkdtempSync(join(tmpdir(), 'studio-assets-'));
    assets = join(root, 'assets');
    mkdirSync(assets);
    writeFileSync(join(assets, 'studio.js'), 'console.log("studio");\n');
    writeFileSync(join(root, 'secret.js'), 'SECRET\n');
    studio = await startStudio({ mapper, entities: [Gadget], assetsDir: assets });
  });
  afterAll(async () => {
    await studio.close();
    await mapper.close();
  });

  const host = (): string => `127.0.0.1:${studio.port}`;
  const auth = (): Record<string, string> => ({ Host: host(), 'X-Studio-Token': studio.token });

  it('prints a loopback URL with a fresh 32-byte token', async () => {
    expect(studio.url).toBe(`http://127.0.0.1:${studio.port}/?token=${studio.token}`);
    expect(Buffer.from(studio.token, 'base64url')).toHaveLength(32);
    const other = await startStudio({ mapper, entities: [Gadget] });
    try {
      expect(other.token).not.toBe(studio.token);
    } finally {
      await other.close();
    }
  });

  it('refuses a missing or wrong token with 401 on the page, the assets and the API', async () => {
    for (const path of ['/', '/assets/studio.js', '/api/overview', '/api/rows?entity=Gadget']) {
      const none = await raw(studio.port, path, { Host: host() });
      expect(none.status, path).toBe(401);
      expect(JSON.parse(none.body)).toMatchObject({ error: { code: 'STUDIO_UNAUTHORIZED' } });
      const wrong = await raw(studio.port, path, {
        Host: host(),
        'X-Studio-Token': `${studio.token.slice(1)}x`,
      });
      expect(wrong.status, path).toBe(401);
      const wrongQuery = await raw(studio.port, `${path}${path.includes('?') ? '&' : '?'}token=nope`, {
        Host: host(),
      });
      expect(wrongQuery.status, path).toBe(401);
    }
    // The API takes the token only as a header: in a URL it could leak (history, logs, Referer).
    const inUrl = await raw(studio.port, `/api/overview?token=${studio.token}`, { Host: host() });
    expect(inUrl.status).toBe(401);
    const ok = await raw(studio.port, '/api/overview', auth());
    expect(ok.status).toBe(200);
  });

  it('serves the page and assets with the token in the URL, with the security headers and no CORS', async () => {
    const page = await raw(studio.port, `/?token=${studio.token}`, {
      Host: host(),
      Origin: 'http://evil.test',
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="studio-token" content="${studio.token}">`);
    expect(page.body).toContain(`/assets/studio.js?token=${studio.token}`);
    expect(page.body).not.toMatch(/<script>|<style|style=/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(Object.keys(page.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const js = await raw(studio.port, `/assets/studio.js?token=${studio.token}`, { Host: host() });
    expect(js.status).toBe(200);
    expect(js.body).toContain('studio');
    const options = await raw(
      studio.port,
      '/api/rows/delete',
      // A CORS preflight carries no token: refused all the same, with no Access-Control-* header.
      { Host: host(), Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' },
      'OPTIONS',
    );
    expect(options.status).toBe(405);
    expect(Object.keys(options.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('refuses a wrong Host (DNS rebinding) even with the token', async () => {
    for (const bad of ['evil.test', `evil.test:${studio.port}`, '127.0.0.1:1', `127.0.0.2:${studio.port}`]) {
      const r = await raw(studio.port, '/api/overview', { ...auth(), Host: bad });
      expect(r.status, bad).toBe(421);
      expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'STUDIO_WRONG_HOST' } });
    }
    const localhost = await raw(studio.port, '/api/overview', {
      ...auth(),
      Host: `localhost:${studio.port}`,
    });
    expect(localhost.status).toBe(200);
  });

  it('refuses directory traversal on /assets, plain and encoded, with 404', async () => {
    const paths = [
      '/assets/../secret.js',
      '/assets/..%2fsecret.js',
      '/assets/%2e%2e/secret.js',
      '/assets/%2e%2e%2fsecret.js',
      '/assets/..%5csecret.js',
      '/assets/....//secret.js',
      '/assets/%00studio.js',
      '/assets/',
      '/assets/../../package.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    ];
    for (const path of paths) {
      const r = await raw(studio.port, `${path}?token=${studio.token}`, { Host: host() });
      expect(r.body, path).not.toContain('SECRET');
      expect(r.body, path).not.toContain('"name": "bigtable-mapper"');
      // `/assets/../secret.js` is resolved by the URL parser to `/secret.js`: no route, 404 all the same.
      expect(r.status, path).toBe(404);
    }
  });

  it('refuses POSTs from another origin or site with 403, and writes without --allow-writes (nothing written)', async () => {
    const body = JSON.stringify({ entity: 'Gadget', key: Buffer.from('dev#phone#p1').toString('hex') });
    const json = { ...auth(), 'Content-Type': 'application/json' };
    const foreign = await raw(
      studio.port,
      '/api/rows/delete',
      { ...json, Origin: 'http://evil.test' },
      'POST',
      body,
    );
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ error: { code: 'STUDIO_CROSS_SITE' } });
    const crossSite = await raw(
      studio.port,
      '/api/query/explain',
      { ...json, 'Sec-Fetch-Site': 'cross-site' },
      'POST',
      '{}',
    );
    expect(crossSite.status).toBe(403);
    const sameSite = await raw(
      studio.port,
      '/api/query/explain',
      { ...json, 'Sec-Fetch-Site': 'same-site' },
      'POST',
      '{}',
    );
    expect(sameSite.status).toBe(403);
    const form = await raw(
      studio.port,
      '/api/rows/delete',
      { ...auth(), 'Content-Type': 'text/plain' },
      'POST',
      body,
    );
    expect(form.status).toBe(415);
    const disabled = await raw(
      studio.port,
      '/api/rows/delete',
      { ...json, Origin: `http://${host()}` },
      'POST',
      body,
    );
    expect(disabled.status).toBe(403);
    expect(JSON.parse(disabled.body)).toMatchObject({ error: { code: 'STUDIO_WRITES_DISABLED' } });
    const save = JSON.stringify({
      entity: 'Gadget',
      key: JSON.parse(body).key,
      values: { name: 'changed' },
      version: 'x',
    });
    const saved = await raw(studio.port, '/api/rows/save', json, 'POST', save);
    expect(saved.status).toBe(403);
    // Read back: the row is still there, unchanged.
    expect(await mapper.repository(Gadget).get({ kind: 'phone', id: 'p1' })).toMatchObject({ name: 'first' });
  });

  it('listens on 127.0.0.1 only', async () => {
    await expect(raw(studio.port, '/api/overview', auth()).then((r) => r.status)).resolves.toBe(200);
    // Another local address of the loopback net is not bound (Linux routes all of 127/8 to lo).
    const other = await new Promise<string>((resolve) => {
      const req = httpRequest({ host: '127.0.0.2', port: studio.port, path: '/', headers: auth() }, () =>
        resolve('answered'),
      );
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      req.end();
    });
    expect(other).toBe('ECONNREFUSED');
  });
});
