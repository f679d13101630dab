import type { Attributes, Histogram, Meter } from '@opentelemetry/api';
import { CounterSums, addTo } from './counter-sums.js';
import { DeferredPoints } from './deferred-points.js';
import type { CallRecord } from './call-record.js';

/** Bucket boundaries (seconds) the database conventions advise for `db.client.operation.duration`. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10];

/** The library's counters, in their slot order (see CounterSums). */
const COUNTERS = [
  {
    name: 'bigtable_mapper.attempts',
    unit: '{attempt}',
    description: 'RPC attempts, first tries and retries.',
  },
  { name: 'bigtable_mapper.retries', unit: '{attempt}', description: 'RPC attempts that were retries.' },
  { name: 'bigtable_mapper.rows.read', unit: '{row}', description: 'Rows received from ReadRows.' },
  { name: 'bigtable_mapper.rows.returned', unit: '{row}', description: 'Rows handed to the caller.' },
  { name: 'bigtable_mapper.bytes.read', unit: 'By', description: 'ReadRows response bytes received.' },
  { name: 'bigtable_mapper.mutations', unit: '{mutation}', description: 'Mutations sent.' },
  {
    name: 'bigtable_mapper.bytes.written',
    unit: 'By',
    description: 'Estimated bytes of write requests sent.',
  },
  { name: 'bigtable_mapper.batch.outcomes', unit: '{entity}', description: 'Batch entities by outcome.' },
  {
    name: 'bigtable_mapper.conflicts',
    unit: '{call}',
    description: 'Calls that failed on a version conflict.',
  },
  {
    name: 'bigtable_mapper.outcome_unknown',
    unit: '{call}',
    description: 'Writes whose outcome is unknown.',
  },
] as const;
const ATTEMPTS = 0;
const RETRIES = 1;
const ROWS_READ = 2;
const ROWS_RETURNED = 3;
const BYTES_READ = 4;
const MUTATIONS = 5;
const BYTES_WRITTEN = 6;
const BATCH = 7;
const CONFLICTS = 8;
const UNKNOWN = 9;

const OUTCOMES = [
  ['written', 'written'],
  ['notWritten', 'not_written'],
  ['unknown', 'unknown'],
] as const;

/** The instruments made on each meter: shared by every mapper of the process (see CounterSums). */
const byMeter = new WeakMap<Meter, CallMetrics>();

/**
 * The SDK's instruments on one meter: the conventions' operation duration and the library's counters, each with
 * low-cardinality attributes only (system, instance, table, operation, entity; never a key). The counters are kept
 * as running totals and reported when a reader collects (see CounterSums); the duration points are handed to the
 * SDK in batches and at each collection (see DeferredPoints).
 *
 * @example
 * ```ts
 * const instruments = CallMetrics.of(metrics.getMeter('bigtable-mapper'));
 * instruments.record(record, attributes, attributesKey(attributes), undefined);
 * ```
 */
export class CallMetrics {
  private readonly duration: Histogram;
  private readonly sums: CounterSums;
  private readonly points = new DeferredPoints();

  /** The instruments of `meter`, made on first use. */
  static of(meter: Meter): CallMetrics {
    let made = byMeter.get(meter);
    if (made === undefined) {
      made = new CallMetrics(meter);
      byMeter.set(meter, made);
    }
    return made;
  }

  private constructor(meter: Meter) {
    this.duration = meter.createHistogram('db.client.operation.duration', {
      unit: 's',
      description: 'Duration of database client operations.',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    this.sums = new CounterSums(meter, COUNTERS, () => this.points.flush());
  }

  /**
   * Records one ended call with the attribute set `attributes` (whose content key is `key`); `errorType` is its
   * error's code (undefined: it succeeded).
   */
  record(record: CallRecord, attributes: Attributes, key: string, errorType: string | undefined): void {
    const withError = errorType === undefined ? attributes : { ...attributes, 'error.type': errorType };
    this.points.record(this.duration, (record.durationMs ?? 0) / 1000, withError);
    const slots = this.sums.slots(key, attributes);
    // Zero counts are not added: a counter reports an attribute set once it was added to, as the SDK's would.
    if (record.attempts > 0) addTo(slots, ATTEMPTS, record.attempts);
    if (record.retries > 0) addTo(slots, RETRIES, record.retries);
    if (record.rowsReceived > 0) addTo(slots, ROWS_READ, record.rowsReceived);
    if (record.rowsReturned > 0) addTo(slots, ROWS_RETURNED, record.rowsReturned);
    if (record.bytesReceived > 0) addTo(slots, BYTES_READ, record.bytesReceived);
    if (record.mutations > 0) addTo(slots, MUTATIONS, record.mutations);
    if (record.bytesWritten > 0) addTo(slots, BYTES_WRITTEN, record.bytesWritten);
    const { batch } = record;
    if (batch) {
      for (const [field, outcome] of OUTCOMES) {
        const count = batch[field];
        if (count > 0)
          addTo(
            this.sums.slots(`${key}\n${outcome}`, () => ({
              ...attributes,
              'bigtable_mapper.outcome': outcome,
            })),
            BATCH,
            count,
          );
      }
    }
    if (errorType === 'OPTIMISTIC_LOCK') addTo(slots, CONFLICTS, 1);
    if (errorType === 'OUTCOME_UNKNOWN') addTo(slots, UNKNOWN, 1);
  }
}
