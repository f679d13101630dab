// Seed "Schema design best practices", domain names: with data about many domains, key rows by the reversed
// domain name (`com.google.maps`), so that the rows of one site and its subdomains sort together and are one range
// (every subdomain of google.com is the prefix `com.google.`), and neighbouring rows, which tend to hold similar data, compress
// better. In natural form `drive.google.com`, `en.wikipedia.org`, `maps.google.com` would interleave sites.
// Here each web page is a row: the reversed domain, then the page's path (`com.google.maps#/maps/place`). The
// delimiter is `#`, not `/`: a delimiter must sort below every byte of the fields, and domains hold dots (0x2E < `/`),
// so with `/` the rows of `com.google.maps.beta/…` would sort before those of `com.google.maps/…` and key order would
// no longer be domain order. The SDK refuses `/` for a key with a reversed-domain part.
import assert from 'node:assert/strict';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'webpages' })
@Family('page', { gc: Gc.maxVersions(1) })
export class WebPage {
  declare static readonly keyParts: readonly ['domain', 'path'];
  /** Given and returned in natural form (`maps.google.com`), stored reversed. */
  @KeyPart(0, 'reversedDomain') domain!: string;
  @KeyPart(1, 'string') path!: string;
  @Column({ family: 'page', codec: 'string' }) title!: string;
}

// The seed's domains, a page or two each.
const PAGES: ReadonlyArray<[string, string, string]> = [
  ['maps.google.com', '/', 'Google Maps'],
  ['drive.google.com', '/drive/my-drive', 'My Drive - Google Drive'],
  ['en.wikipedia.org', '/wiki/Bigtable', 'Bigtable - Wikipedia'],
  ['maps.google.com', '/maps/place', 'Place - Google Maps'],
];

export const reversedDomains: Example = {
  id: 'domains',
  name: 'reversed domains (web pages keyed com.google.maps#/…)',
  seed: 'Schema design best practices — Domain names: wide range of domain names',
  entities: [WebPage],
  async run(mapper) {
    const pages = mapper.repository(WebPage);
    await pages.saveMany(
      PAGES.map(([domain, path, title]) => Object.assign(new WebPage(), { domain, path, title })),
    );
    const keyOf = (p: WebPage): string => Buffer.from(pages.keyOf(p)).toString();
    const all = await pages.scan().toArray();
    assert.deepEqual(all.map(keyOf), [
      'com.google.drive#/drive/my-drive',
      'com.google.maps#/',
      'com.google.maps#/maps/place',
      'org.wikipedia.en#/wiki/Bigtable',
    ]);
    assert.equal(all[0]!.domain, 'drive.google.com'); // natural form again

    // Every page of every subdomain of google.com: one range. The value is a domain in natural form, reversed like
    // the key, so `.google.com` reads the prefix `com.google.` of the stored keys.
    const google = pages.scan().where('domain', 'startsWith', '.google.com');
    assert.equal(await google.count(), 3);
    // One site: the exact domain, delimiter included (`com.google.maps#`).
    const maps = await pages.find({ domain: 'maps.google.com' }).toArray();
    assert.deepEqual(
      maps.map((p) => p.path),
      ['/', '/maps/place'],
    );
    return [
      `rows in key order: ${all.map(keyOf).join(', ')}`,
      `subdomains of google.com, where('domain', 'startsWith', '.google.com'): 3 pages`,
      ...google
        .explain()
        .split('\n')
        .map((l) => `  ${l}`),
      `find({ domain: 'maps.google.com' }): ${maps.map((p) => p.path).join(', ')}`,
    ];
  },
};
