// What a property name says about its value, for the rules the metadata cannot decide from types alone. Names are
// split into lower-case words (camelCase, snake_case, kebab-case) and words are compared whole, so that `shardId` is
// not a hash (`sha`) and `ghost` is not a host.

const DATE_WORDS = new Set([
  'date',
  'day',
  'time',
  'timestamp',
  'ts',
  'at',
  'when',
  'hour',
  'minute',
  'month',
  'week',
  'year',
]);
const DATE_LAST_WORDS = new Set(['at', 'date', 'time', 'day', 'timestamp', 'ts']);
const HASH_WORDS = new Set(['hash', 'hashed', 'digest', 'md5', 'checksum', 'fingerprint']);
const DOMAIN_WORDS = new Set(['domain', 'host', 'hostname', 'url', 'uri', 'site', 'website', 'fqdn']);
const TENANT_WORDS = new Set(['tenant', 'customer', 'org', 'organization', 'organisation', 'account']);
const TENANT_SUFFIXES = new Set(['id', 'name', 'key']);

/**
 * The lower-case words of a property name.
 *
 * @example
 * ```ts
 * nameWords('lastSeenAt'); // ['last', 'seen', 'at']
 * nameWords('user_sha256'); // ['user', 'sha256']
 * ```
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/**
 * A date or time by its name: `day`, `ts`, `createdAt`, `eventTime`, `startDate`.
 *
 * @example
 * ```ts
 * isDateLikeName('createdAt'); // true
 * isDateLikeName('format'); // false
 * ```
 */
export function isDateLikeName(name: string): boolean {
  const words = nameWords(name);
  return words.length === 1 ? DATE_WORDS.has(words[0]!) : DATE_LAST_WORDS.has(words.at(-1)!);
}

/**
 * A hash by its name: `userHash`, `sha256`, `md5`, `crc32`, `digest`, `fingerprint`.
 *
 * @example
 * ```ts
 * isHashLikeName('emailSha256'); // true
 * isHashLikeName('shardId'); // false
 * ```
 */
export function isHashLikeName(name: string): boolean {
  return nameWords(name).some((w) => HASH_WORDS.has(w) || /^(sha|crc)\d*$/.test(w));
}

/**
 * A domain name by its name: `domain`, `host`, `hostName`, `siteUrl`, `fqdn`.
 *
 * @example
 * ```ts
 * isDomainLikeName('hostName'); // true
 * isDomainLikeName('hostId'); // false
 * ```
 */
export function isDomainLikeName(name: string): boolean {
  const words = nameWords(name);
  const last = words.at(-1) ?? '';
  const beforeName = words.length >= 2 && last === 'name' ? words.at(-2)! : undefined;
  return (
    DOMAIN_WORDS.has(last) || (beforeName !== undefined && (beforeName === 'host' || beforeName === 'domain'))
  );
}

/**
 * A tenant by its name: `tenant`, `tenantId`, `customer_id`, `orgName`, `accountKey`.
 *
 * @example
 * ```ts
 * isTenantLikeName('customerId'); // true
 * isTenantLikeName('customerEmail'); // false
 * ```
 */
export function isTenantLikeName(name: string): boolean {
  const [first = '', ...rest] = nameWords(name);
  return (
    TENANT_WORDS.has(first) && (rest.length === 0 || (rest.length === 1 && TENANT_SUFFIXES.has(rest[0]!)))
  );
}
