import { describe, expect, it } from 'vitest';
import {
  BeforeSave,
  Column,
  Counter,
  Entity,
  Family,
  KeyPart,
  QualifierMap,
} from '../../../decorators/index.js';
import { CallVetoedError } from '../../../src/errors/call-vetoed-error.js';
import { EntityHookError } from '../../../src/errors/entity-hook-error.js';
import { PartialWriteError } from '../../../src/errors/partial-write-error.js';
import type { CallInterceptor } from '../../../src/mapping/intercepted-call.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { useMockBigtableServer } from '../../support/use-mock-bigtable-server.js';

// A vetoed call, and a call whose before-save hook throws, send nothing: the mock Bigtable server (which records
// every data RPC it receives) sees no request at all. A call the interceptor lets through is seen, so the
// recorder can fail. The emulator tests (interceptors.test.ts, entity-hooks.test.ts) show the rows unchanged.

@Entity({ table: 'veto_accounts' })
@Family('d')
@Family('m')
@Family('c')
class Account {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name = '';
  @QualifierMap({ family: 'm', key: 'string', value: 'string' }) labels = new Map<string, string>();
  @Counter({ family: 'c', as: 'number' }) logins = 0;
}

@Entity({ table: 'veto_guarded' })
@Family('d')
class Guarded {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name = '';
  @BeforeSave() refuse(): void {
    if (this.name === 'bad') throw new Error('bad name');
  }
}

const account = (id: string): Account => Object.assign(new Account(), { id, name: id });
const veto: CallInterceptor = () => {
  throw new Error('no');
};

async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('a refused call sends nothing', () => {
  const { server, connection } = useMockBigtableServer();

  it('a call the interceptor lets through reaches the server (the recorder works)', async () => {
    const mapper = new Mapper(connection(), { interceptors: [() => undefined] });
    await mapper.repository(Account).get({ id: 'a' });
    await mapper.repository(Account).save(account('a'));
    expect(server().calls.map((c) => c.method)).toEqual(['ReadRows', 'MutateRow']);
  });

  it('no vetoed read or write sends a request', async () => {
    const accounts = new Mapper(connection(), { interceptors: [veto] }).repository(Account);
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['get', () => accounts.get({ id: 'a' })],
      ['getMany', () => accounts.getMany([{ id: 'a' }, { id: 'b' }])],
      ['lookup', () => accounts.lookup([{ id: 'a' }]).toArray()],
      ['find', () => accounts.find({ id: 'a' }).toArray()],
      ['find', () => accounts.find({ id: 'a' }).count()],
      ['scan', () => accounts.scan().first()],
      ['has', () => accounts.has({ id: 'a' }, 'labels', 'x')],
      ['save', () => accounts.save(account('a'))],
      ['insert', () => accounts.insert(account('a'))],
      ['update', () => accounts.update({ id: 'a' }, { name: 'b' })],
      ['put', () => accounts.put({ id: 'a' }, 'labels', new Map([['k', 'v']]))],
      ['remove', () => accounts.remove({ id: 'a' }, 'labels', ['k'])],
      ['increment', () => accounts.increment({ id: 'a' }, 'logins', 1)],
      ['delete', () => accounts.delete({ id: 'a' })],
      ['deleteMany', () => accounts.deleteMany([{ id: 'a' }])],
      ['saveMany', () => accounts.saveMany([account('a'), account('b')])],
    ];
    for (const [operation, call] of calls) {
      const error = await failure(call());
      expect(error, operation).toBeInstanceOf(CallVetoedError);
      expect((error as CallVetoedError).operation, operation).toBe(operation);
    }
    // A streamed saveMany reports its refused chunk as not written.
    async function* stream(): AsyncGenerator<Account> {
      yield account('s1');
      yield account('s2');
    }
    const streamed = await failure(accounts.saveMany(stream()));
    expect(streamed).toBeInstanceOf(PartialWriteError);
    expect((streamed as PartialWriteError).outcomes).toEqual(['notWritten', 'notWritten']);
    expect(server().calls).toEqual([]);
  });

  it('a before-save hook that throws sends nothing, for save, insert and saveMany', async () => {
    const guarded = new Mapper(connection()).repository(Guarded);
    const bad = (): Guarded => Object.assign(new Guarded(), { id: 'g', name: 'bad' });
    for (const call of [
      () => guarded.save(bad()),
      () => guarded.insert(bad()),
      () => guarded.saveMany([Object.assign(new Guarded(), { id: 'ok', name: 'fine' }), bad()]),
    ]) {
      const error = await failure(call());
      expect(error).toBeInstanceOf(EntityHookError);
      expect((error as EntityHookError).cause).toEqual(new Error('bad name'));
    }
    expect(server().calls).toEqual([]);
  });
});
