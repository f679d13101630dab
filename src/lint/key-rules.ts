import type { SegmentSpec } from '../codecs/key/key-codec-types.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { LintFinding, LintOptions } from './lint-types.js';
import { makeFinding } from './make-finding.js';
import { isDateLikeName, isDomainLikeName, isHashLikeName, isTenantLikeName } from './name-heuristics.js';

/** Bigtable's row-key limit (4 KiB). */
const MAX_ROW_KEY_BYTES = 4096;
/** Widest encoding of an int64-like segment: 20 decimal characters delimited, at most 20 bytes ordered-code. */
const INT64_MAX_BYTES = 20;

type Named = Extract<SegmentSpec, { readonly name: string }>;

function isNamedPart(
  segment: SegmentSpec,
): segment is Named & { type: Exclude<Named['type'], 'salt' | 'literal'> } {
  return segment.type !== 'literal' && segment.type !== 'salt';
}

/**
 * Rules on the leading segment: a timestamp first (hotspot) and a sequential numeric id first. A salt in front of
 * the key spreads writes, so it silences both; literal segments (entity prefix) do not.
 *
 * @example
 * ```ts
 * lintLeadingSegment(meta); // [] for phone#4c410523#20200501
 * ```
 */
export function lintLeadingSegment(meta: EntityMetadata): LintFinding[] {
  const segments = meta.key.segments;
  if (segments[0]?.type === 'salt') return [];
  const first = segments.find((s) => s.type !== 'literal');
  if (first === undefined || !isNamedPart(first)) return [];
  const name = first.name;
  if (first.type === 'timestamp' || first.type === 'reversedTimestamp') {
    return [
      makeFinding(
        'key-timestamp-first',
        meta.name,
        name,
        `the row key starts with ${first.type} segment \`${name}\`: every new row is written at one end of the table`,
        'put a high-cardinality identifier (device id, user id) before the timestamp, or add a salt (`@Entity({ salt })`)',
        undefined,
      ),
    ];
  }
  if (first.type === 'string' && isDateLikeName(name)) {
    return [
      makeFinding(
        'key-timestamp-first',
        meta.name,
        name,
        `the row key starts with \`${name}\`, which by its name holds a date or time: sequential writes would hotspot one node`,
        'put a high-cardinality identifier first; if the segment is not a date, silence the rule with the reason',
        'warning',
      ),
    ];
  }
  if (first.type === 'int64') {
    return [
      makeFinding(
        'key-sequential-id-first',
        meta.name,
        name,
        `the row key starts with int64 segment \`${name}\`: sequential ids send the newest (most active) rows to one node`,
        'declare it `reversedInt64`, or add a salt (`@Entity({ salt: { buckets } })`); if ids are not sequential, silence the rule with the reason',
        undefined,
      ),
    ];
  }
  return [];
}

/**
 * Unreadable key segments: raw bytes (a `bytes` segment) and hashed values (by property name).
 *
 * @example
 * ```ts
 * lintReadableKey(meta).map((f) => f.ruleId); // ['key-raw-bytes'] for a bytes key part
 * ```
 */
export function lintReadableKey(meta: EntityMetadata): LintFinding[] {
  const out: LintFinding[] = [];
  for (const segment of meta.key.segments) {
    if (!isNamedPart(segment)) continue;
    if (segment.type === 'bytes') {
      out.push(
        makeFinding(
          'key-raw-bytes',
          meta.name,
          segment.name,
          `key part \`${segment.name}\` is raw bytes: Key Visualizer and tools show it unreadable`,
          'use a readable string segment (e.g. the hex or base32 text of the id)',
          undefined,
        ),
      );
    } else if (isHashLikeName(segment.name)) {
      out.push(
        makeFinding(
          'key-hashed-segment',
          meta.name,
          segment.name,
          `key part \`${segment.name}\` holds a hash by its name: rows lose their natural order and are unreadable`,
          'key by the readable value itself; to spread writes use a salt bucket (`@Entity({ salt })`), which keeps the rest of the key readable',
          undefined,
        ),
      );
    }
  }
  return out;
}

/**
 * Domain-like key parts (named domain, host, url, …) stored in natural order instead of `reversedDomain`.
 *
 * @example
 * ```ts
 * lintDomainKey(meta); // [] unless a key part like `host` is a plain string
 * ```
 */
export function lintDomainKey(meta: EntityMetadata): LintFinding[] {
  return meta.key.parts
    .filter((p) => p.segment.type === 'string' && isDomainLikeName(p.property))
    .map((p) =>
      makeFinding(
        'key-domain-not-reversed',
        meta.name,
        p.property,
        `key part \`${p.property}\` looks like a domain name but is stored in natural order: maps.google.com and drive.google.com do not sort together`,
        "declare it `{ type: 'reversedDomain' }` (stored as com.google.maps); if you store few domains, key by something else (hotspots)",
        undefined,
      ),
    );
}

/**
 * A tenant-like key part (tenant, customer, org, account) that is not the leading key part: a tenant's rows are
 * then not one contiguous range. Literal segments before it (an entity prefix) give an `info`: one range per
 * entity kind.
 *
 * @example
 * ```ts
 * lintTenantFirst(meta); // [] for tenant#purchaseId
 * ```
 */
export function lintTenantFirst(meta: EntityMetadata): LintFinding[] {
  const segments = meta.key.segments.filter((s) => s.type !== 'salt');
  const out: LintFinding[] = [];
  segments.forEach((segment, index) => {
    if (!isNamedPart(segment) || !isTenantLikeName(segment.name) || index === 0) return;
    const before = segments.slice(0, index);
    const onlyLiterals = before.every((s) => s.type === 'literal');
    out.push(
      makeFinding(
        'key-tenant-not-first',
        meta.name,
        segment.name,
        onlyLiterals
          ? `tenant key part \`${segment.name}\` comes after the literal prefix: removing a tenant takes one row range per entity kind`
          : `tenant key part \`${segment.name}\` is not the leading key part: a tenant's rows are scattered over the table`,
        'make the tenant the first key part, so that a tenant is one key prefix (one read, one DropRowRange)',
        onlyLiterals ? 'info' : undefined,
      ),
    );
  });
  return out;
}

/** Largest encoded size of one segment in bytes, or undefined when it is not bounded. */
function segmentMaxBytes(
  segment: SegmentSpec,
  bounds: Readonly<Record<string, number>>,
  orderedCode: boolean,
): number | undefined {
  switch (segment.type) {
    case 'literal':
      return typeof segment.value === 'string'
        ? new TextEncoder().encode(segment.value).length
        : segment.value.length;
    case 'salt':
      return String(Math.max(segment.buckets - 1, 0)).length;
    case 'int64':
    case 'timestamp':
    case 'reversedTimestamp':
    case 'reversedInt64':
      return INT64_MAX_BYTES;
    default: {
      const bound = bounds[segment.name];
      // Ordered-code escapes every 0x00 as 00 FF: a field can double.
      return bound === undefined ? undefined : orderedCode ? bound * 2 : bound;
    }
  }
}

/**
 * Whether the row key can exceed 4 KiB: the sum of every segment's largest encoding and the separators. String,
 * bytes and reversed-domain segments are unbounded unless `options.maxBytes` declares a bound.
 *
 * @example
 * ```ts
 * lintKeySize(meta, { maxBytes: { Device: { deviceType: 16, deviceId: 64 } } }); // []
 * ```
 */
export function lintKeySize(meta: EntityMetadata, options: LintOptions): LintFinding[] {
  const bounds = options.maxBytes?.[meta.name] ?? {};
  const orderedCode = meta.key.encoding.kind === 'orderedCode';
  const separator = meta.key.encoding.kind === 'delimited' ? meta.key.encoding.delimiter.length : 2;
  const unbounded: string[] = [];
  let total = Math.max(meta.key.segments.length - 1, 0) * separator;
  for (const segment of meta.key.segments) {
    const size = segmentMaxBytes(segment, bounds, orderedCode);
    if (size === undefined) unbounded.push((segment as Named).name);
    else total += size;
  }
  if (unbounded.length > 0) {
    return [
      makeFinding(
        'key-size-unbounded',
        meta.name,
        unbounded.join(', '),
        `key part(s) ${unbounded.map((n) => `\`${n}\``).join(', ')} have no declared maximum length: nothing keeps the row key under 4 KiB`,
        `declare bounds with \`lintEntities(metas, { maxBytes: { ${meta.name}: { ${unbounded[0]}: 64 } } })\` and validate inputs to them`,
        undefined,
      ),
    ];
  }
  if (total > MAX_ROW_KEY_BYTES) {
    return [
      makeFinding(
        'key-size-over-limit',
        meta.name,
        undefined,
        `the row key can be ${total} bytes long with the declared bounds, over Bigtable's limit of ${MAX_ROW_KEY_BYTES}`,
        'shorten the key parts (move long values to columns) or lower their bounds',
        undefined,
      ),
    ];
  }
  return [];
}
