import type { Attributes, Counter, Histogram, Meter } from '@opentelemetry/api';
import type { CallRecord } from './call-record.js';

/** Bucket boundaries (seconds) the database conventions advise for `db.client.operation.duration`. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10];

/**
 * The SDK's instruments on one meter: the conventions' operation duration and the library's counters, each with
 * low-cardinality attributes only (system, instance, table, operation, entity; never a key).
 *
 * @example
 * ```ts
 * const instruments = new CallMetrics(metrics.getMeter('bigtable-mapper'));
 * instruments.record(record, attributes, undefined);
 * ```
 */
export class CallMetrics {
  private readonly duration: Histogram;
  private readonly attempts: Counter;
  private readonly retries: Counter;
  private readonly rowsRead: Counter;
  private readonly rowsReturned: Counter;
  private readonly bytesRead: Counter;
  private readonly mutations: Counter;
  private readonly bytesWritten: Counter;
  private readonly batchOutcomes: Counter;
  private readonly conflicts: Counter;
  private readonly outcomeUnknown: Counter;

  constructor(meter: Meter) {
    this.duration = meter.createHistogram('db.client.operation.duration', {
      unit: 's',
      description: 'Duration of database client operations.',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    const counter = (name: string, unit: string, description: string): Counter =>
      meter.createCounter(`bigtable_mapper.${name}`, { unit, description });
    this.attempts = counter('attempts', '{attempt}', 'RPC attempts, first tries and retries.');
    this.retries = counter('retries', '{attempt}', 'RPC attempts that were retries.');
    this.rowsRead = counter('rows.read', '{row}', 'Rows received from ReadRows.');
    this.rowsReturned = counter('rows.returned', '{row}', 'Rows handed to the caller.');
    this.bytesRead = counter('bytes.read', 'By', 'ReadRows response bytes received.');
    this.mutations = counter('mutations', '{mutation}', 'Mutations sent.');
    this.bytesWritten = counter('bytes.written', 'By', 'Estimated bytes of write requests sent.');
    this.batchOutcomes = counter('batch.outcomes', '{entity}', 'Batch entities by outcome.');
    this.conflicts = counter('conflicts', '{call}', 'Calls that failed on a version conflict.');
    this.outcomeUnknown = counter('outcome_unknown', '{call}', 'Writes whose outcome is unknown.');
  }

  /** Records one ended call; `errorType` is its error's code (undefined: it succeeded). */
  record(record: CallRecord, attributes: Attributes, errorType: string | undefined): void {
    const withError = errorType === undefined ? attributes : { ...attributes, 'error.type': errorType };
    this.duration.record((record.durationMs ?? 0) / 1000, withError);
    // Zero counts are not added: each add costs the SDK a lookup of the attribute set's point.
    if (record.attempts > 0) this.attempts.add(record.attempts, attributes);
    if (record.retries > 0) this.retries.add(record.retries, attributes);
    if (record.rowsReceived > 0) this.rowsRead.add(record.rowsReceived, attributes);
    if (record.rowsReturned > 0) this.rowsReturned.add(record.rowsReturned, attributes);
    if (record.bytesReceived > 0) this.bytesRead.add(record.bytesReceived, attributes);
    if (record.mutations > 0) this.mutations.add(record.mutations, attributes);
    if (record.bytesWritten > 0) this.bytesWritten.add(record.bytesWritten, attributes);
    const { batch } = record;
    if (batch) {
      for (const [outcome, count] of [
        ['written', batch.written],
        ['not_written', batch.notWritten],
        ['unknown', batch.unknown],
      ] as const) {
        if (count > 0) this.batchOutcomes.add(count, { ...attributes, 'bigtable_mapper.outcome': outcome });
      }
    }
    if (errorType === 'OPTIMISTIC_LOCK') this.conflicts.add(1, attributes);
    if (errorType === 'OUTCOME_UNKNOWN') this.outcomeUnknown.add(1, attributes);
  }
}
