import { describe, expect, it } from 'vitest';
import { Column, Entity, KeyPart } from '../../../decorators/index.js';
import { fromHex } from '../../../src/codecs/key/bytes.js';
import { orderedCode } from '../../../src/codecs/key/ordered-code.js';
import { BigtableMapperError } from '../../../src/errors/bigtable-mapper-error.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { KeyEncodingError } from '../../../src/errors/key-encoding-error.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { latestCells } from '../../../src/query/compiler/filters/column-filters.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { resolveEndpoint } from '../../../src/transport/connection-options.js';
import { toProtoReadRowsRequest } from '../../../src/transport/to-proto-read-rows-request.js';

function thrown(fn: () => unknown): BigtableMapperError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BigtableMapperError);
    return error as BigtableMapperError;
  }
  throw new Error('expected an error');
}

// Former bare TypeError/RangeError throws: each is now a library error with a code and a message naming the API,
// the argument, the value and what was expected.
describe('bad input of public helpers is a library error', () => {
  it('a decorator put where its protocol cannot take it is a MetadataError naming class or property', () => {
    const onMethod = thrown(() =>
      Column({ family: 'd', codec: 'string' })(undefined, {
        kind: 'method',
        name: 'title',
        metadata: {},
      } as never),
    );
    expect(onMethod).toBeInstanceOf(MetadataError);
    expect(onMethod.message).toContain('title: @Column decorates a field, not a method');
    const onField = thrown(() =>
      Entity({ table: 't' })(class {} as never, { kind: 'field', name: 'video', metadata: {} } as never),
    );
    expect((onField as MetadataError).problems[0]).toMatchObject({
      property: 'video',
      message: '@Entity decorates a class, not a field',
    });
  });

  it('orderedCode refuses integers outside int64/uint64 with a KeyEncodingError', () => {
    const e = thrown(() => orderedCode.encodeInt64(2n ** 63n));
    expect(e).toBeInstanceOf(KeyEncodingError);
    expect(e.message).toBe(
      'orderedcode.int64: row key value 9223372036854775808n rejected: a bigint in [-2^63, 2^63-1]',
    );
    expect(thrown(() => orderedCode.encodeUint64(-1n)).message).toContain('a bigint in [0, 2^64-1]');
    expect(thrown(() => orderedCode.encodeInt64(5 as never)).code).toBe('KEY_ENCODING');
  });

  it.each<[string, () => unknown, RegExp]>([
    ['fromHex', () => fromHex('abc'), /^fromHex: hex must be a string of hex digit pairs, got "abc"$/],
    ['latestCells', () => latestCells(0), /^latestCells: n must be an integer in \[1, 2\^31-1\], got 0$/],
    [
      'resolveEndpoint',
      () => resolveEndpoint({ projectId: 'p', instanceId: 'i', emulatorHost: 'localhost' }, {}),
      /^ConnectionOptions: emulatorHost must be "host:port" with a port ≤ 65535, got "localhost"$/,
    ],
    [
      'resolveEndpoint from the environment',
      () => resolveEndpoint({ projectId: 'p', instanceId: 'i' }, { BIGTABLE_EMULATOR_HOST: 'h:99999' }),
      /^ConnectionOptions: BIGTABLE_EMULATOR_HOST must be/,
    ],
    [
      'toProtoReadRowsRequest',
      () => toProtoReadRowsRequest('t', undefined, { rowsLimit: 0n }),
      /^ReadRowsRequest: rowsLimit must be positive .*, got 0n$/,
    ],
  ])('%s: InvalidArgumentError', (_api, fn, message) => {
    const e = thrown(fn);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('INVALID_ARGUMENT');
    expect(e.message).toMatch(message);
  });

  it('Mapper.createTable and Mapper.query refuse entities of several tables before sending anything', async () => {
    @Entity({ table: 'one' })
    class One {
      @KeyPart(0, 'string') id!: string;
    }
    @Entity({ table: 'two' })
    class Two {
      @KeyPart(0, 'string') id!: string;
    }
    // Nothing is sent, so an unreachable endpoint is fine: the refusal must come first.
    const connection = BigtableConnection.connect({
      projectId: 'p',
      instanceId: 'i',
      emulatorHost: '127.0.0.1:1',
    });
    const mapper = new Mapper(connection);
    try {
      const create = await mapper.createTable(One, Two).catch((e: unknown) => e);
      expect(create).toBeInstanceOf(InvalidArgumentError);
      expect((create as Error).message).toBe(
        'Mapper.createTable: entities must be entities of one table, got ["One (table one)", "Two (table two)"]',
      );
      const query = await mapper.query([One, Two], { id: 'x' }).catch((e: unknown) => e);
      expect((query as InvalidArgumentError).api).toBe('Mapper.query');
    } finally {
      await mapper.close();
    }
  });
});
