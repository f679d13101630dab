// Free variables of the TSDoc examples (see test/support/tsdoc-examples.ts), typed for real so that an example
// misusing them fails. Not part of the project's program (tsconfig.json excludes it): only the examples see them.
import type protobuf from 'protobufjs';
import type { expect as vitestExpect, it as vitestIt } from 'vitest';
import type {
  BigtableConnection,
  CollectionQuery,
  KeyInput,
  Mapper,
  Query,
  Repository,
  Versioned,
} from 'bigtable-mapper';
import type { EntityMetadata } from 'bigtable-mapper/metadata';
import type { TestTable } from 'bigtable-mapper/testing';
import type { EmulatorHandle } from 'bigtable-mapper/testing';

declare global {
  /** Telemetry of the README: `phone#4c410523`. */
  class Device {
    deviceType: string;
    deviceId: string;
    id: string;
    name: string;
    os?: string;
    status: string;
    at: Date;
    cpu?: number;
    tags: Set<string>;
    pings: number;
    version: number;
  }
  class Reading {
    deviceId: string;
    at: Date;
    cpu: number;
  }
  class Video {
    videoId: string;
    channel: string;
    title: string;
    likes: bigint;
    views: bigint;
    formats: Map<string, bigint>;
    comments: Versioned<string>[];
    version: number;
  }
  class Comment {
    videoId: string;
    commentId: string;
    text: string;
  }
  class Invoice {
    invoiceId: string;
    total: number;
  }
  class Payment {
    invoiceId: string;
    paymentId: string;
    amount: number;
  }
  interface Address {
    street: string;
    city: string;
  }
  interface PayloadObject {
    [field: string]: unknown;
  }
  const Payload: protobuf.Type;
  const ReadingType: protobuf.Type;

  const mapper: Mapper;
  const conn: BigtableConnection;
  const connection: BigtableConnection;
  const devices: Repository<Device>;
  const repo: Repository<Device>;
  const videos: Repository<Video>;
  const readings: Repository<Reading>;
  const device: Device;
  const video: Video;
  const q: Query<Device>;
  /** A video with its comments (docs/single-table.md). */
  const videoPage: CollectionQuery<{ video: Video; comments: Comment }>;
  const emulator: EmulatorHandle;
  const testTable: TestTable;
  const deviceKey: KeyInput<Device>;
  const meta: EntityMetadata<Device>;
  // vitest's globals, for the test kit's examples.
  const it: typeof vitestIt;
  const expect: typeof vitestExpect;
}
