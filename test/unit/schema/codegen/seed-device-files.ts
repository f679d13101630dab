// Hand-written schema files of the seed's structured key, shared by the golden and round-trip tests.

/** The seed "Manage row key schemas": device type, country, manufacturer id (STRING) and serial number (BYTES). */
export const SEED_ROW_KEY_SCHEMA = `
fields:
  - fieldName: deviceType
    type: { stringType: { encoding: { utf8Bytes: {} } } }
  - fieldName: country
    type: { stringType: { encoding: { utf8Bytes: {} } } }
  - fieldName: manufacturerId
    type: { stringType: { encoding: { utf8Bytes: {} } } }
  - fieldName: serialNumber
    type: { bytesType: { encoding: { raw: {} } } }
encoding:
  delimitedBytes: { delimiter: Iw== }
`;

export const SEED_FAMILIES = `
table: devices
entity: Device
families:
  stats_summary:
    gc: { maxVersions: 1 }
    columns:
      - { property: osBuild, qualifier: os_build, codec: string }
      - { property: connectedCell, qualifier: connected_cell, codec: boolean }
      - { property: cpu, codec: float64, optional: true }
  readings:
    gc: { union: [{ maxVersions: 10 }, { maxAge: 7d }] }
    columns:
      - { property: temperature, codec: float64, versioned: true }
  tags:
    set: { property: tags, key: string }
  counters:
    gc: { maxVersions: 1 }
    counters:
      - { property: pings, as: number }
  meta:
    version: { property: version, qualifier: v, as: number }
`;
