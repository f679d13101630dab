import type { SaveMutations } from '../../../src/mapping/save-mutations.js';
import type { Mutation } from '../../../src/model/mutation.js';

function bytes(b: Uint8Array): string {
  const text = Buffer.from(b).toString('utf8');
  const printable = /^[\x20-\x7e]*$/.test(text) && Buffer.from(text, 'utf8').length === b.length;
  return printable ? JSON.stringify(text) : `0x${Buffer.from(b).toString('hex')}`;
}

function hexValue(b: Uint8Array): string {
  const hex = Buffer.from(b).toString('hex');
  const text = Buffer.from(b).toString('utf8');
  const readable = b.length > 0 && /^[\x20-\x7e]*$/.test(text) ? `  ${JSON.stringify(text)}` : '';
  return `${hex || '(empty)'}${readable}`;
}

function line(m: Mutation): string {
  switch (m.kind) {
    case 'setCell':
      return `setCell          ${m.family}:${bytes(m.qualifier)} @${m.timestampMicros} = ${hexValue(m.value)}`;
    case 'deleteFromColumn':
      return `deleteFromColumn ${m.family}:${bytes(m.qualifier)}`;
    case 'deleteFromFamily':
      return `deleteFromFamily ${m.family}`;
    default:
      return JSON.stringify(m, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  }
}

/** A stable, reviewable text form of a save: the key, then one line per mutation, byte-exact. */
export function renderSave(title: string, save: SaveMutations): string {
  return [
    `# ${title}`,
    `key ${bytes(save.key)}`,
    `timestamp ${save.timestampMicros}`,
    ...(save.version
      ? [
          `version expected=${save.version.expected ? Buffer.from(save.version.expected).toString('hex') : 'absent'} next=${save.version.next}`,
        ]
      : []),
    ...save.mutations.map(line),
    ...save.warnings.map((w) => `warning ${w.code} ${w.message}`),
    '',
  ].join('\n');
}
