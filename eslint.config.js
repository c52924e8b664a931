// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers of DESIGN section 2, enforced: what may import what. Paths are from the project root.
 * Islands end up in the browser: they may use only shared components, pure helpers, schemas/types
 * and the route paths, never pages, route definitions, the build or Node-side data loading.
 */
const LAYERS = [
  {
    target: './src/islands',
    from: ['./src/pages', './src/routes', './src/routes.ts', './src/site-data.ts', './build', './data', './templates'],
    except: ['./route-paths.ts', './paths.ts'],
    message: 'islands run in the browser: import only src/components, src/lib, src/types, src/schemas and src/routes/route-paths.ts',
  },
  {
    target: './src/components',
    from: ['./src/pages', './src/routes', './src/routes.ts', './build', './data', './templates'],
    except: ['./route-paths.ts', './paths.ts'],
    message: 'components are shared by pages and islands: they may not import pages, route definitions, the build or data loading',
  },
  {
    target: './src/lib',
    from: ['./src/pages', './src/components', './src/islands', './src/routes', './src/routes.ts', './build', './data', './templates'],
    except: ['./route-paths.ts', './paths.ts'],
    message: 'src/lib holds pure helpers: no pages, components, islands, route definitions or build code',
  },
  {
    target: ['./src', './data', './templates'],
    from: './build',
    message: 'nothing in src/, data/ or templates/ imports the build: the build imports them',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tmp/', '.cache/', 'test-results/', 'bench/results/', '**/*.partial-*', 'dist.*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only .js files for its module graph unless told otherwise (no-cycle needs the graph).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYERS }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
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
