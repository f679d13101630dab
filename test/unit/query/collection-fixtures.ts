import { Column, Counter, Entity, Family, Gc, KeyPart } from '../../../decorators/index.js';
import type { Versioned } from '../../../src/metadata/entity-metadata.js';

/** A video row `video#<videoId>`: details in `d`, view counter in `stats`, moderation history in `h`. */
@Entity({ table: 'q_media', prefix: 'video' })
@Family('d', { gc: Gc.maxVersions(1) })
@Family('stats')
@Family('h', { gc: Gc.maxVersions(10) })
export class MediaVideo {
  declare static readonly keyParts: readonly ['videoId'];
  @KeyPart(0, 'string') videoId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Counter({ family: 'stats' }) views!: bigint;
  @Column({ family: 'h', codec: 'string', versioned: true }) moderation!: Versioned<string>[];
}

/**
 * A comment row `video#<videoId>#c#<reversed millis>`: a hierarchical key under its video, so the video and its
 * comments are adjacent rows, newest comment first.
 */
@Entity({ table: 'q_media', parent: MediaVideo, literal: 'c' })
@Family('c', { gc: Gc.maxVersions(1) })
export class MediaComment {
  declare static readonly keyParts: readonly ['videoId', 'at'];
  videoId!: string;
  @KeyPart(0, { type: 'reversedTimestamp' }) at!: Date;
  @Column({ family: 'c', codec: 'string' }) text!: string;
  @Column({ family: 'c', codec: 'string' }) author!: string;
  @Column({ family: 'c', codec: 'int64AsNumber' }) stars!: number;
}

/** An invoice row `inv#<invoiceId>` reading the newest cell of family `d`. */
@Entity({ table: 'q_billing_golden', prefix: 'inv' })
@Family('d')
export class GoldenInvoice {
  declare static readonly keyParts: readonly ['invoiceId'];
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'd', codec: 'string' }) customer!: string;
}

/** A payment row `pay#<invoiceId>#<paymentId>` keeping the history of `d:notes` (same family, other rule). */
@Entity({ table: 'q_billing_golden', prefix: 'pay' })
@Family('d')
export class GoldenPayment {
  declare static readonly keyParts: readonly ['invoiceId', 'paymentId'];
  @KeyPart(0, 'string') invoiceId!: string;
  @KeyPart(1, 'string') paymentId!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) amount!: number;
  @Column({ family: 'd', codec: 'string', versioned: true }) notes!: Versioned<string>[];
}

/** The comments with their own prefix instead (`comment#<videoId>#<reversed millis>`): not adjacent to the video. */
@Entity({ table: 'q_media', prefix: 'comment' })
@Family('c', { gc: Gc.maxVersions(1) })
export class PrefixComment {
  declare static readonly keyParts: readonly ['videoId', 'at'];
  @KeyPart(0, 'string') videoId!: string;
  @KeyPart(1, { type: 'reversedTimestamp' }) at!: Date;
  @Column({ family: 'c', codec: 'string' }) text!: string;
}
