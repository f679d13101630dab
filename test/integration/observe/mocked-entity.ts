import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';

/** The shape the mock server's committed rows (`committedRowResponse`: family f, column col) hydrate into. */
@Entity({ table: 'mocked' })
@Family('f')
export class Mocked {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'f', qualifier: 'col', codec: 'string' }) col!: string;
}
