import { describe, expect, it } from 'vitest';
import { resolveEndpoint } from '../../../src/transport/connection-options.js';

describe('resolveEndpoint', () => {
  const base = { projectId: 'p', instanceId: 'i' };
  it('uses an explicit emulator host', () => {
    expect(resolveEndpoint({ ...base, emulatorHost: '127.0.0.1:9000' }, {})).toEqual({
      kind: 'emulator',
      host: '127.0.0.1',
      port: 9000,
    });
  });
  it('falls back to BIGTABLE_EMULATOR_HOST', () => {
    expect(resolveEndpoint(base, { BIGTABLE_EMULATOR_HOST: 'localhost:8086' })).toEqual({
      kind: 'emulator',
      host: 'localhost',
      port: 8086,
    });
  });
  it('goes to the cloud when nothing names an emulator, or when emulatorHost is null', () => {
    expect(resolveEndpoint(base, {})).toEqual({ kind: 'cloud' });
    expect(resolveEndpoint({ ...base, emulatorHost: null }, { BIGTABLE_EMULATOR_HOST: 'x:1' })).toEqual({
      kind: 'cloud',
    });
  });
  it('rejects malformed hosts', () => {
    expect(() => resolveEndpoint({ ...base, emulatorHost: 'nohost' }, {})).toThrow(/host:port/);
    expect(() => resolveEndpoint({ ...base, emulatorHost: 'h:99999' }, {})).toThrow(/host:port/);
  });
  it('accepts bracketed IPv6', () => {
    expect(resolveEndpoint({ ...base, emulatorHost: '[::1]:8086' }, {})).toEqual({
      kind: 'emulator',
      host: '::1',
      port: 8086,
    });
  });
});
