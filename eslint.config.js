// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers of DESIGN section 2, enforced: what may import what. Import specifiers are relative, so the
 * patterns name folders wherever they sit in the path (gitignore syntax; `!` re-allows). Islands end up in
 * the browser: they may use only shared components, pure helpers, types and the route paths, never pages,
 * route definitions, the build or Node-side data loading. Import cycles are checked by tests/unit/layers.test.ts.
 */
const NOT_BUILD = { group: ['**/build/**'], message: 'nothing in src/, data/ or templates/ imports the build: the build imports them' };
const ROUTE_DEFINITIONS = ['**/routes/*', '!**/routes/route-paths.js', '!**/routes/paths.js', '**/routes.js'];
const ISLANDS = [
  NOT_BUILD,
  {
    group: ['**/pages/**', ...ROUTE_DEFINITIONS, '**/site-data.js', '**/data/**', '**/templates/**'],
    message: 'islands run in the browser: import only src/components, src/lib, src/types and src/routes/route-paths.ts',
  },
];
/** The entries that hydrate islands in the browser: the only code that may load Preact itself. */
const HYDRATION = ['src/islands/**/*.client.ts', 'src/islands/hydrate.ts'];
const LAYERS = [
  { files: HYDRATION, patterns: ISLANDS },
  {
    files: ['src/islands/**'],
    ignores: HYDRATION,
    patterns: [
      ...ISLANDS,
      {
        group: ['preact', 'preact/*', '**/hydrate.js'],
        message: 'island components are rendered by the build too: only *.client.ts and hydrate.ts load Preact (the build has no use for it)',
      },
    ],
  },
  {
    files: ['src/components/**'],
    patterns: [
      NOT_BUILD,
      {
        group: ['**/pages/**', ...ROUTE_DEFINITIONS, '**/data/**', '**/templates/**'],
        message: 'components are shared by pages and islands: they may not import pages, route definitions, the build or data loading',
      },
    ],
  },
  {
    files: ['src/lib/**'],
    patterns: [
      NOT_BUILD,
      {
        group: ['**/pages/**', '**/components/**', '**/islands/**', ...ROUTE_DEFINITIONS, '**/data/**', '**/templates/**'],
        message: 'src/lib holds pure helpers: no pages, components, islands, route definitions or build code',
      },
    ],
  },
  { files: ['src/**', 'data/**', 'templates/**'], ignores: ['src/islands/**', 'src/components/**', 'src/lib/**'], patterns: [NOT_BUILD] },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tmp/', '.cache/', 'test-results/', 'bench/results/', '**/*.partial-*', 'dist.*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...LAYERS.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The launcher and what it loads (build/launch.cjs): CommonJS on purpose, loaded by require.
    files: ['**/*.cjs'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures are declared by destructuring, even when a test needs none.
    files: ['tests/browser/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/components/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
