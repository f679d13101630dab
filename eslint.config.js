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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', '.node-ci/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@google-cloud/bigtable', '@google-cloud/bigtable/*', 'google-gax'],
              message: 'Only src/transport/ may import the Bigtable client (DESIGN §2).',
            },
          ],
        },
      ],
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
    // Doc snippets show results they do not use (`const day = await days.get(…)`).
    files: ['test/docs/snippets/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['src/transport/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.ts', 'decorators/**/*.ts'],
    rules: { 'no-restricted-syntax': noBareErrors },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
