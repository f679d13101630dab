// A message type from another copy of protobufjs (the application's own, of another major): the SDK checks types by
// their members, never with instanceof against its own protobufjs, so such a Type resolves, encodes and decodes.
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { Codecs } from '../../../../src/codecs/value/index.js';
import type {
  ProtobufEnum,
  ProtobufField,
  ProtobufMessageType,
} from '../../../../src/codecs/value/protobuf-message-type.js';
import { defineEntity } from '../../../../src/metadata/define-entity.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';

const PROTO = fileURLToPath(new URL('../../../fixtures/proto/telemetry.proto', import.meta.url));
const Reading = protobuf.loadSync(PROTO).lookupType('telemetry.v1.Reading');

/** The same type seen through objects that are no instances of this protobufjs' classes (as another copy's are). */
function foreign(
  type: protobuf.Type,
  seen = new Map<protobuf.Type, ProtobufMessageType>(),
): ProtobufMessageType {
  const known = seen.get(type);
  if (known) return known;
  const fields: Record<string, ProtobufField> = {};
  const copy: ProtobufMessageType = {
    name: type.name,
    fullName: type.fullName,
    parent: type.parent,
    fields,
    fieldsArray: [],
    oneofs: type.oneofs,
    ctor: type.ctor,
    resolveAll: () => type.resolveAll(),
    encode: (m) => type.encode(m),
    decode: (b) => type.decode(b),
    verify: (m) => type.verify(m as Record<string, unknown>),
    fromObject: (o) => type.fromObject(o),
    toObject: (m, o) => type.toObject(m as protobuf.Message, o as protobuf.IConversionOptions),
  };
  seen.set(type, copy);
  type.resolveAll();
  for (const field of type.fieldsArray) {
    const resolved = field.resolvedType;
    const other: ProtobufField = {
      name: field.name,
      type: field.type,
      map: field.map,
      repeated: field.repeated,
      resolvedType:
        resolved instanceof protobuf.Type
          ? foreign(resolved, seen)
          : resolved === null
            ? null
            : ({ name: resolved.name, values: { ...resolved.values } } satisfies ProtobufEnum),
      resolve: () => other,
    };
    fields[field.name] = other;
    (copy.fieldsArray as ProtobufField[]).push(other);
  }
  return copy;
}

describe('a protobuf Type from another copy of protobufjs', () => {
  const type = foreign(Reading);
  const value = {
    sensor: 's1',
    unit: 'CELSIUS',
    sequence: '42',
    location: { lat: 1.5, lng: -2 },
    counters: { a: '3' },
  };

  it('encodes exactly as the Type itself and decodes back, nested messages and enums checked', () => {
    const codec = Codecs.protobuf(type);
    const bytes = codec.encode(value);
    expect(Buffer.from(bytes)).toEqual(Buffer.from(Reading.encode(Reading.fromObject(value)).finish()));
    expect(codec.decode(bytes)).toEqual(value);
    expect(() => codec.encode({ location: { lat: 'north' } })).toThrow('$.location.lat: double expected');
    expect(() => codec.encode({ unit: 'KELVIN' })).toThrow('$.unit: expects a value of enum Unit');
  });

  it('is accepted by a protobuf column and resolves', () => {
    class Device {
      id!: string;
      reading!: Record<string, unknown>;
    }
    defineEntity(Device, {
      table: 'devices',
      key: [{ property: 'id', type: 'string' }],
      families: { d: {} },
      properties: { reading: { kind: 'protobuf', family: 'd', type } },
    });
    const field = getEntityMetadata(Device).fields.find((f) => f.property === 'reading');
    expect(field).toMatchObject({ kind: 'column', codec: { name: 'protobuf:telemetry.v1.Reading' } });
  });
});
