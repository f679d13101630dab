// The name-based rules compare whole words, so that common names do not trip them.
import { describe, expect, it } from 'vitest';
import {
  isDateLikeName,
  isDomainLikeName,
  isHashLikeName,
  isTenantLikeName,
  nameWords,
} from '../../../../src/lint/name-heuristics.js';

describe('name heuristics', () => {
  it('split camelCase, snake_case and acronyms into words', () => {
    expect(nameWords('lastSeenAt')).toEqual(['last', 'seen', 'at']);
    expect(nameWords('customer_id')).toEqual(['customer', 'id']);
    expect(nameWords('userURLHash')).toEqual(['user', 'url', 'hash']);
  });
  it('recognise dates, hashes, domains and tenants, and not their look-alikes', () => {
    const yes = (f: (n: string) => boolean, names: string[]) => names.filter((n) => !f(n));
    const no = (f: (n: string) => boolean, names: string[]) => names.filter(f);
    expect(yes(isDateLikeName, ['day', 'ts', 'createdAt', 'eventTime', 'startDate'])).toEqual([]);
    expect(no(isDateLikeName, ['format', 'status', 'dayCount', 'deviceId'])).toEqual([]);
    expect(yes(isHashLikeName, ['userHash', 'sha256', 'emailMd5', 'crc32', 'digest'])).toEqual([]);
    expect(no(isHashLikeName, ['shardId', 'shape', 'hashtagsCount'])).toEqual([]);
    expect(yes(isDomainLikeName, ['domain', 'host', 'hostName', 'siteUrl', 'fqdn'])).toEqual([]);
    expect(no(isDomainLikeName, ['ghost', 'hostId', 'urlCount', 'post'])).toEqual([]);
    expect(yes(isTenantLikeName, ['tenant', 'tenantId', 'customer_id', 'orgName', 'accountKey'])).toEqual([]);
    expect(no(isTenantLikeName, ['customerEmail', 'organizer', 'accounting', 'subAccountId'])).toEqual([]);
  });
});
