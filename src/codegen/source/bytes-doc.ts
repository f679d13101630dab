import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import type { FileQualifier } from '../files/families-file-types.js';
import { base64Bytes } from '../files/files-key-layout.js';
import type { SourceDoc } from './source-layout.js';
import { quote } from './source-layout.js';

// How key literals and qualifiers are written into generated source: as text when they are UTF-8, else as bytes.
export function fileBytes(value: FileQualifier): Uint8Array {
  return typeof value === 'string' ? new TextEncoder().encode(value) : base64Bytes(value.base64);
}

export function bytesDoc(bytes: Uint8Array): SourceDoc {
  const text = utf8DecodeStrict(bytes);
  return text !== undefined ? quote(text) : { call: 'Uint8Array.of', args: [...bytes].map(String) };
}

export function inlineBytes(value: string | Uint8Array): string {
  return typeof value === 'string' ? quote(value) : `Uint8Array.of(${[...value].join(', ')})`;
}

export function literalDoc(value: string | Uint8Array): SourceDoc {
  return typeof value === 'string' ? quote(value) : { call: 'Uint8Array.of', args: [...value].map(String) };
}
