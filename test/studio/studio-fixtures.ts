// Entities and helpers of the studio's API tests: a plain entity (no @Version), a versioned one, and one with an
// integer key part (for typed key-part input), all on the run's emulator.
import { randomBytes } from 'node:crypto';
import { Column, Entity, Family, Gc, KeyPart, Version } from '../../decorators/index.js';

export { emulatorHost } from '../cli/run-bin.js';

@Entity({ table: 'studio_devices', prefix: 'dev' })
@Family('stats', { gc: Gc.maxVersions(1) })
export class Gadget {
  declare static readonly keyParts: readonly ['kind', 'id'];
  @KeyPart(0, 'string') kind!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'stats', codec: 'string', optional: true }) name?: string;
  @Column({ family: 'stats', codec: 'float64', optional: true }) cpu?: number;
  @Column({ family: 'stats', codec: 'bytes', optional: true }) blob?: Uint8Array;
}

@Entity({ table: 'studio_accounts', prefix: 'acc' })
@Family('main', { gc: Gc.maxVersions(1) })
export class Account {
  declare static readonly keyParts: readonly ['id'];
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'main', codec: 'string' }) owner!: string;
  @Column({ family: 'main', codec: 'int64AsNumber' }) balance!: number;
  @Version({ family: 'main' }) version!: bigint;
}

@Entity({ table: 'studio_events', prefix: 'ev' })
@Family('e', { gc: Gc.maxVersions(1) })
export class Event {
  declare static readonly keyParts: readonly ['stream', 'seq'];
  @KeyPart(0, 'string') stream!: string;
  @KeyPart(1, { type: 'int64', as: 'number', width: 8 }) seq!: number;
  @Column({ family: 'e', codec: 'string' }) body!: string;
}

/** A fresh instance: the emulator keeps tables per instance, so each test file gets its own. */
export function freshInstance(): string {
  return `studio-${randomBytes(4).toString('hex')}`;
}
