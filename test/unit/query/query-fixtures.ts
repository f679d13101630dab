import { Column, Entity, Family, Gc, KeyPart, QualifierMap } from '../../../decorators/index.js';
import type { Versioned } from '../../../src/metadata/entity-metadata.js';

/** Telemetry rows `reading#<deviceType>#<deviceId>#<at>` with scalar columns of every comparable codec. */
@Entity({ table: 'q_readings', prefix: 'reading' })
@Family('d', { gc: Gc.maxVersions(1) })
@Family('h', { gc: Gc.maxVersions(5) })
@Family('tags')
export class Reading {
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @KeyPart(2, { type: 'int64', width: 6, as: 'number' }) seq!: number;
  @Column({ family: 'd', codec: 'string' }) status!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) level!: number;
  @Column({ family: 'd', codec: 'float64' }) cpu!: number;
  @Column({ family: 'd', codec: 'boolean' }) ok!: boolean;
  @Column({ family: 'd', codec: 'date', optional: true }) seenAt?: Date;
  @Column({ family: 'h', codec: 'string', versioned: true }) notes!: Versioned<string>[];
  @QualifierMap({ family: 'tags', key: 'string', value: 'string' }) tags!: Map<string, string>;
}
