// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The error contract (docs/errors.md): everything the SDK throws or rejects with is a BigtableMapperError with a
// stable code; built-in errors may only ever appear as `cause`. Constructing one in src/ or decorators/ is refused.
const BUILTIN_ERRORS =
  '/^(Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError|AggregateError)$/';
const BARE_ERROR_MESSAGE =
  'Throw a BigtableMapperError subclass with a stable code (src/errors, docs/errors.md); built-in errors only as `cause`.';
const noBareErrors = [
  'error',
  { selector: `NewExpression[callee.name=${BUILTIN_ERRORS}]`, message: BARE_ERROR_MESSAGE },
  { selector: `CallExpression[callee.name=${BUILTIN_ERRORS}]`, message: BARE_ERROR_MESSAGE },
];

// DESIGN §2: imports run one way. decorators → metadata → codecs; query → metadata, codecs (query/executor also
// transport and mapping: it runs the reads); mapping → metadata, codecs; write (every write operation, batch/ and
// evolving/) → mapping, transport, metadata, codecs, and query through its door; repository (the façades) → write,
// query (through its door), mapping, transport (and metadata, the vocabulary every layer shares). The tools sit on
// top and take a connection or a mapper (Kysely's `new Migrator({ db })`): admin (table DDL, 'bigtable-mapper/schema')
// and codegen → metadata, codecs, transport; lint → metadata, codecs, codegen; backfill → repository, write and what
// they build on; keys (the public face of the row-key codecs) → codecs; raw (the byte level of reads: the compiled
// request model, raw key-range reads) → query through its door; cli → the tools, repository (and testing, for
// `emulator start`). Everything may import errors and model; codecs, errors and model import nothing else of ours.
// `testing` is the emulator kit on top of everything but the tools and cli. `nestjs` is the NestJS module on top of
// repository.
// Each entry: the folder (under src/, or decorators/) and the layers it may NOT import.
const LAYERS = [
  'codecs',
  'metadata',
  'query',
  'mapping',
  'transport',
  'write',
  'repository',
  'admin',
  'codegen',
  'lint',
  'backfill',
  'keys',
  'raw',
  'cli',
  'testing',
  'nestjs',
  'studio',
];
const ALLOWED = {
  codecs: [],
  metadata: ['codecs'],
  decorators: ['metadata', 'codecs'],
  query: ['metadata', 'codecs'],
  mapping: ['metadata', 'codecs'],
  transport: [],
  write: ['query', 'mapping', 'transport', 'metadata', 'codecs'],
  repository: ['query', 'write', 'mapping', 'transport', 'metadata'],
  admin: ['metadata', 'codecs', 'transport'],
  codegen: ['metadata', 'codecs', 'transport'],
  lint: ['metadata', 'codecs', 'codegen'],
  backfill: ['repository', 'write', 'query', 'mapping', 'transport', 'metadata', 'codecs', 'admin'],
  keys: ['codecs'],
  raw: ['query'],
  cli: ['admin', 'codegen', 'lint', 'backfill', 'keys', 'raw', 'repository', 'metadata', 'testing', 'studio'],
  testing: ['repository', 'transport', 'metadata', 'codecs', 'mapping', 'query'],
  nestjs: ['repository', 'transport', 'metadata'],
  // The studio's server (issue 28) shows rows through the public tools, and goes below them only for what no public
  // door offers: raw rows and SampleRowKeys (transport), the mutations of a conditional edit (mapping).
  studio: [
    'admin',
    'codegen',
    'lint',
    'keys',
    'raw',
    'repository',
    'metadata',
    'transport',
    'mapping',
    'query',
  ],
  // The per-call record, spans, metrics and events: at the bottom (every layer counts into the record), importing
  // only errors, model and @opentelemetry/api. It is not in LAYERS, so every layer may import it.
  observe: [],
};
const CLIENT = {
  group: ['@google-cloud/bigtable', '@google-cloud/bigtable/*', 'google-gax'],
  message: 'Only src/transport/ may import the Bigtable client (DESIGN §2).',
};

// Layers a folder may use only through their front door (`<layer>/index.ts`): repository/ (the façade and the mapper)
// builds and runs reads through query/index.ts and never reaches into query's sub-folders; write/ takes RowFilter
// builders and the prefix-delete plan through the same door.
const DOORS = {
  repository: ['query'],
  write: ['query'],
  backfill: ['query'],
  raw: ['query'],
  studio: ['query'],
};

/** The patterns that keep a folder at the front door of the layers it may enter only through their index. */
function doorPatterns(folder) {
  return (DOORS[folder] ?? []).map((layer) => ({
    regex: `^(\\.\\./)+(src/)?${layer}/(?!index\\.js$)`,
    message: `${folder} imports ${layer} only through ${layer}/index.js, its one door.`,
  }));
}

/**
 * The `no-restricted-imports` patterns of a folder: relative imports that climb into a layer it may not use (the
 * folder names are unique in src/, so `../../mapping/x.js` can only mean src/mapping).
 */
function layerPatterns(folder) {
  const forbidden = LAYERS.filter((l) => l !== folder && !ALLOWED[folder].includes(l));
  return [
    ...forbidden.map((layer) => ({
      regex: `^(\\.\\./)+(src/)?${layer}/`,
      message: `${folder} may not import ${layer}: imports run one way (DESIGN §2: ${folder} → ${ALLOWED[folder].join(', ') || 'errors and model only'}).`,
    })),
    ...doorPatterns(folder),
  ];
}

const layerRules = Object.keys(ALLOWED).map((folder) => ({
  files: [folder === 'decorators' ? 'decorators/**/*.ts' : `src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...(folder === 'transport' ? [] : [CLIENT]), ...layerPatterns(folder)] },
    ],
  },
}));

// Rooms inside a layer. Each entry: a sub-folder, its layer (whose rules it keeps), the layers it may use beyond
// its layer's (`allow`) and extra patterns. `query/nodes` is the IR at the bottom of `query/`: a node file imports
// only other nodes, never the planner, compiler or builders that consume it. `query/executor` runs compiled reads,
// so it alone in `query/` may use transport (to send them) and mapping (to hydrate rows).
const SUBFOLDERS = [
  {
    folder: 'src/query/nodes',
    layer: 'query',
    allow: [],
    patterns: [
      {
        regex: '^\\.\\./(?!\\.\\./)',
        message: 'query/nodes imports only other nodes (./x.js): the IR never depends on its consumers.',
      },
    ],
  },
  { folder: 'src/query/executor', layer: 'query', allow: ['transport', 'mapping'], patterns: [] },
];
/** A layer's patterns without those of the given layers. */
function layerPatternsAllowing(folder, allow) {
  return layerPatterns(folder).filter((p) => !allow.some((a) => p.regex.endsWith(`${a}/`)));
}
const subfolderRules = SUBFOLDERS.map(({ folder, layer, allow, patterns }) => ({
  files: [`${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [CLIENT, ...layerPatternsAllowing(layer, allow), ...patterns] },
    ],
  },
}));

// The CLI uses the SDK as any user would: only through the public entry points (the root and the subpaths' doors).
const PUBLIC_DOORS = [
  'index',
  'admin/index',
  'codegen/index',
  'lint/index',
  'backfill/index',
  'keys/index',
  'raw/index',
  'metadata/public/index',
  'testing/index',
  'studio/index',
];
const cliDoorRules = [
  { files: ['src/cli/*.ts'], up: '\\.\\./' },
  { files: ['src/cli/commands/**/*.ts'], up: '\\.\\./\\.\\./' },
].map(({ files, up }) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          CLIENT,
          ...layerPatterns('cli'),
          {
            regex: `^${up}(?!(${PUBLIC_DOORS.join('|')})\\.js$)`,
            message:
              'The CLI imports the SDK only through its public entry points (src/index.ts or a subpath door such as admin/index.js).',
          },
        ],
      },
    ],
  },
}));

// TEMPORARY exceptions, to be removed as the lead moves the code (issue 11, item 14). Each names the file and the
// imports that break the rule; the file keeps every other restriction.
const exceptions = [
  // transport → codecs: a byte helper; it belongs in a shared bytes module transport may use (e.g. model/).
  {
    file: 'src/transport/chunk-merger.ts',
    allow: ['codecs'],
    imports: ['../codecs/key/bytes.js (concatBytes)'],
  },
  // Mapper keeps `mapper.schema` / `ensureSchema` (issue 12) and `mapper.backfill` as thin documented shortcuts for
  // the admin and backfill tools ('bigtable-mapper/schema', '/backfill'). Only this file may reach into them; admin
  // never imports repository, and create-backfill.ts is handed the mapper's parts (it never imports mapper.ts), so no
  // cycle.
  {
    file: 'src/repository/mapper.ts',
    allow: ['admin', 'backfill'],
    imports: [
      '../admin/schema-manager.js (SchemaManager, ApplyResult)',
      '../backfill/create-backfill.js (createBackfill), backfill-types.js (Backfill, BackfillOptions)',
    ],
  },
].map(({ file, allow }) => {
  const folder = file.split('/')[1];
  const patterns = layerPatternsAllowing(folder, allow);
  return {
    files: [file],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...(folder === 'transport' ? [] : [CLIENT]), ...patterns] },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', '.node-ci/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [CLIENT] }],
    },
  },
  {
    // Vitest writes a missing snapshot file during a plain run; goldens go through test/support/golden-file.ts,
    // which writes only under `npm run golden:update`.
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toMatchFileSnapshot', 'toMatchSnapshot', 'toMatchInlineSnapshot'].map((property) => ({
          property,
          message:
            'Use expectGolden() from test/support/golden-file.ts: a test run must never write goldens.',
        })),
      ],
    },
  },
  {
    // The benchmark compares the library with hand-written code on the Bigtable client itself (issue 14).
    files: ['bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // ReadRows and the unary writes bypass the generated client's methods; these tests hold them to what the
    // generated client sends.
    files: ['test/integration/transport/*-wire-parity.test.ts', 'test/support/generated-data-client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Doc snippets show results they do not use (`const day = await days.get(…)`).
    files: ['test/docs/snippets/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  ...layerRules,
  ...subfolderRules,
  ...cliDoorRules,
  ...exceptions,
  {
    files: ['src/**/*.ts', 'decorators/**/*.ts'],
    rules: { 'no-restricted-syntax': noBareErrors },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
