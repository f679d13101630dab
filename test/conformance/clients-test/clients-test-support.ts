import { expect } from 'vitest';
import { ConnectionClosedError } from '../../../src/errors/connection-closed-error.js';
import { DeadlineExceededError } from '../../../src/errors/deadline-exceeded-error.js';
import { OutcomeUnknownError } from '../../../src/errors/outcome-unknown-error.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import type { MockBigtableServer, MockMethod } from '../../support/mock-bigtable-server.js';
import { committedRowResponse } from '../../support/mock-bigtable-server.js';
import { useMockBigtableServer } from '../../support/use-mock-bigtable-server.js';

/**
 * Shared set-up of the re-enacted googleapis/cloud-bigtable-clients-test scenarios: one mock server per file, a
 * connection with the scenarios' app profile (`test_profile`), fresh scripts and records per scenario. The Go harness
 * drives each client through a test proxy; here the library's transport calls are the client.
 */
export const clientsTestHarness = useMockBigtableServer;

/** The scenarios' `dummyChunkData`: one committed cell f:col = value (a ReadRowsResponse). */
export const committedRow = committedRowResponse;

export const text = (bytes: Uint8Array | undefined): string => Buffer.from(bytes ?? []).toString('latin1');

/** The scenarios' client options: a short retry backoff keeps the suite fast (delays under test are the server's). */
export const FAST_RETRY = { retry: { initialBackoffMs: 5, maxBackoffMs: 20 } } as const;

/** Whether every recorded time lies within `ms` of the first (the scenarios' checkRequestsAreWithin). */
export function within(times: readonly number[], ms: number): boolean {
  return Math.max(...times) - Math.min(...times) <= ms;
}

/** The scenarios' dummy SetCell mutations: f:col_i = value_i at timestamp 1000. */
export function setCells(count: number): {
  kind: 'setCell';
  family: string;
  qualifier: Uint8Array;
  timestampMicros: bigint;
  value: Uint8Array;
}[] {
  return Array.from({ length: count }, (_, i) => ({
    kind: 'setCell' as const,
    family: 'f',
    qualifier: Buffer.from(`col_${i}`),
    timestampMicros: 1000n,
    value: Buffer.from(`value_${i}`),
  }));
}

/** What the server received as SetCell mutations, in the scenarios' notation. */
export function receivedSetCells(mutations: unknown): string[] {
  return (
    mutations as {
      setCell: { familyName: string; columnQualifier: Buffer; timestampMicros: string; value: Buffer };
    }[]
  ).map(
    ({ setCell: s }) => `${s.familyName}:${text(s.columnQualifier)}@${s.timestampMicros}=${text(s.value)}`,
  );
}

/** The routing header of a recorded call names the table (escaped) and, when given, the profile. */
export function expectRoutingHeader(metadata: Readonly<Record<string, unknown>>, profile: string): void {
  expect(metadata['x-goog-api-client']).toBeTruthy();
  const params = String(metadata['x-goog-request-params']);
  expect(params).toContain(encodeURIComponent('projects/p/instances/i/tables/table'));
  expect(params).toContain(`app_profile_id=${profile}`);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The scenarios' CloseClient: three calls on a fresh connection, `close()` half a second later while they are in
 * flight (the method's script must delay its answers), then three more calls. Checks that the later three end
 * with ConnectionClosedError without reaching the server; returns what the in-flight three ended with.
 */
export async function closeClientScenario(
  server: MockBigtableServer,
  method: MockMethod,
  call: (connection: BigtableConnection, i: number) => Promise<unknown>,
): Promise<unknown[]> {
  const closing = server.connect();
  const settle = (i: number): Promise<unknown> => call(closing, i).catch((e: unknown) => e);
  const inFlight = [0, 1, 2].map(settle);
  await sleep(500);
  await closing.close();
  const afterClose = [3, 4, 5].map(settle);
  for (const result of await Promise.all(afterClose)) expect(result).toBeInstanceOf(ConnectionClosedError);
  expect(server.callsOf(method)).toHaveLength(3);
  return Promise.all(inFlight);
}

/**
 * A call ended by its deadline: DeadlineExceededError, also when the attempt's own gRPC DEADLINE_EXCEEDED fires
 * first (each attempt carries the call's remaining time as its gRPC deadline); a write wraps it in
 * OutcomeUnknownError.
 */
export function expectDeadline(error: unknown, write: boolean): void {
  let cause = error;
  if (write) {
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    cause = (error as OutcomeUnknownError).cause;
  }
  expect(cause).toBeInstanceOf(DeadlineExceededError);
}
