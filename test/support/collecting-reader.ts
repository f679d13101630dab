import { AggregationTemporality, MetricReader } from '@opentelemetry/sdk-metrics';

/** A metric reader the test collects from when it wants, with the temporality it asks for (delta by default). */
export class CollectingReader extends MetricReader {
  constructor(temporality: AggregationTemporality = AggregationTemporality.DELTA) {
    super({ aggregationTemporalitySelector: () => temporality });
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}
