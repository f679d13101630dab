import protobuf from 'protobufjs';
import {
  Column,
  Entity,
  Evolve,
  Family,
  Gc,
  KeyPart,
  ProtobufColumn,
  QualifierMap,
  upcastStep,
} from 'bigtable-mapper/decorators';

/** A postal address: a JSON cell in versions 1 and 2, a protobuf cell (same column) from version 3. */
export interface Address {
  street?: string;
  city?: string;
}

export const AddressType = new protobuf.Type('Address')
  .add(new protobuf.Field('street', 1, 'string'))
  .add(new protobuf.Field('city', 2, 'string'));
new protobuf.Root().define('accounts.v3').add(AddressType);

/** Version 1 stored the name at d:name, the address and the phones (label → number) as JSON cells. */
export interface UserV1State {
  userId: string;
  fullName?: string;
  address?: Address;
  phones?: Record<string, string>;
}
/** Version 2 renamed fullName to displayName, stored at d:display; address and phones as in version 1. */
export interface UserV2State {
  userId: string;
  displayName: string;
  address?: Address;
  phones?: Record<string, string>;
}

// A shape lists only what was stored differently then; every other property is read as declared today.
const jsonAddress = { family: 'd', qualifier: 'addr', codec: 'json' } as const;
const jsonPhones = { family: 'd', qualifier: 'phones', codec: 'json' } as const;

/** v1 → v2: the renamed column. fullName is read from its old qualifier, d:name. */
export const renameName = upcastStep<UserV1State, UserV2State>({
  from: 1,
  shape: {
    fullName: { family: 'd', qualifier: 'name', codec: 'string' },
    address: jsonAddress,
    phones: jsonPhones,
  },
  upcast: ({ fullName, ...rest }) => ({ ...rest, displayName: fullName ?? '' }),
});

/** v2 → v3: the address cell changes codec (JSON → protobuf: nothing to do but declare the old codec), and the
 * phones column is split into the map family `phone`, one cell per label. */
export const splitPhones = upcastStep<UserV2State, User>({
  from: 2,
  shape: { address: jsonAddress, phones: jsonPhones },
  upcast: ({ phones, ...rest }) => ({ ...rest, phones: new Map(Object.entries(phones ?? {})) }),
});

@Entity({ table: 'users' })
@Family('d', { gc: Gc.maxVersions(1) })
@Family('phone', { gc: Gc.maxVersions(1) })
@Evolve({ version: 3, family: 'd', steps: [renameName, splitPhones] }) // the version cell is d:_v
export class User {
  declare static readonly keyParts: readonly ['userId'];
  @KeyPart(0, 'string') userId!: string;
  @Column({ family: 'd', qualifier: 'display', codec: 'string' }) displayName!: string;
  @ProtobufColumn({ family: 'd', qualifier: 'addr', type: AddressType, optional: true }) address?: Address;
  @QualifierMap({ family: 'phone', key: 'string', value: 'string' }) phones!: Map<string, string>;
}

/**
 * The declaration version 1 of the application had (it lives in the old deployment's code; declared here with
 * another table name only because both live in one program: the old deployment's Mapper maps it to `users`).
 */
@Entity({ table: 'users_v1' })
@Family('d', { gc: Gc.maxVersions(1) })
@Evolve({ version: 1, family: 'd' })
export class UserV1 {
  declare static readonly keyParts: readonly ['userId'];
  @KeyPart(0, 'string') userId!: string;
  @Column({ family: 'd', qualifier: 'name', codec: 'string' }) fullName!: string;
  @Column({ family: 'd', qualifier: 'addr', codec: 'json', optional: true }) address?: Address;
  @Column({ family: 'd', qualifier: 'phones', codec: 'json' }) phones!: Record<string, string>;
}
