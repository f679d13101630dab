import { LimitExceededError } from '../errors/limit-exceeded-error.js';
import { BIGTABLE_LIMITS } from '../metadata/bigtable-names.js';
import type { Mutation } from '../model/mutation.js';
import { MAX_REQUEST_BYTES, exceedsRequestLimit, mutationBytes } from '../model/mutation-size.js';
import type { MappingWarning } from './mapping-warning.js';

/**
 * Which property produced each mutation, for messages.
 *
 * @example
 * ```ts
 * const origins: MutationOrigin = ['title', 'tags', undefined];
 * ```
 */
export type MutationOrigin = readonly (string | undefined)[];

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * Checks one row's mutations against Bigtable's hard limits before anything is sent — row key ≤ 4 KiB,
 * qualifier ≤ 16 KiB, cell value ≤ 100 MiB, ≤ 100,000 mutations — throwing `LimitExceededError`, and returns
 * warnings for cells above 10 MiB and rows above 100 MB (advised maxima).
 *
 * @example
 * ```ts
 * const warnings = checkWriteLimits('Device', key, mutations, origins);
 * ```
 */
export function checkWriteLimits(
  entity: string,
  key: Uint8Array,
  mutations: readonly Mutation[],
  origins: MutationOrigin,
): MappingWarning[] {
  if (key.length > BIGTABLE_LIMITS.rowKeyBytes)
    throw new LimitExceededError({
      entity,
      what: 'row key',
      size: key.length,
      limit: BIGTABLE_LIMITS.rowKeyBytes,
      value: key,
    });
  if (mutations.length > BIGTABLE_LIMITS.mutationsPerRow)
    throw new LimitExceededError({
      entity,
      what: 'mutations per row',
      size: mutations.length,
      limit: BIGTABLE_LIMITS.mutationsPerRow,
    });
  const warnings: MappingWarning[] = [];
  let rowBytes = key.length;
  mutations.forEach((mutation, i) => {
    const property = origins[i];
    if ('qualifier' in mutation && mutation.qualifier.length > BIGTABLE_LIMITS.qualifierBytes)
      throw new LimitExceededError({
        entity,
        property,
        what: 'qualifier',
        size: mutation.qualifier.length,
        limit: BIGTABLE_LIMITS.qualifierBytes,
        value: mutation.qualifier,
      });
    if (mutation.kind !== 'setCell') return;
    const size = mutation.value.length;
    rowBytes += size + mutation.qualifier.length + mutation.family.length;
    if (size > BIGTABLE_LIMITS.cellBytes)
      throw new LimitExceededError({
        entity,
        property,
        what: 'cell value',
        size,
        limit: BIGTABLE_LIMITS.cellBytes,
        value: mutation.value,
      });
    if (size > BIGTABLE_LIMITS.cellWarningBytes)
      warnings.push({
        code: 'LARGE_CELL',
        entity,
        property,
        key,
        size,
        advised: BIGTABLE_LIMITS.cellWarningBytes,
        message: `${entity}.${property ?? '?'}: cell value is ${mib(size)}; Bigtable advises at most 10 MiB per cell`,
      });
  });
  const requestBytes = mutationBytes(key, mutations);
  if (exceedsRequestLimit(requestBytes))
    // Refused before sending: the service would only reject it after receiving every byte.
    throw new LimitExceededError({
      entity,
      what: 'mutation request (bytes)',
      size: requestBytes,
      limit: MAX_REQUEST_BYTES,
    });
  if (rowBytes > BIGTABLE_LIMITS.rowWarningBytes)
    warnings.push({
      code: 'LARGE_ROW',
      entity,
      property: undefined,
      key,
      size: rowBytes,
      advised: BIGTABLE_LIMITS.rowWarningBytes,
      message: `${entity}: this save writes ${mib(rowBytes)}; Bigtable advises keeping rows under 100 MB (256 MiB cannot be read whole)`,
    });
  return warnings;
}
