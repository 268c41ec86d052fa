// ESLint flat config: typescript-eslint, react-hooks, jsx-a11y, and the import boundaries of STYLE.md.
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tseslint from 'typescript-eslint'

// This file lives in .config/ (the repo's top level holds only what a newcomer needs); the repo root is one up.
const root = fileURLToPath(new URL('..', import.meta.url))

// Every feature folder: the ones STYLE.md names and any that exist.
const features = [
  ...new Set([
    ...['zones', 'dns', 'certificates', 'page-shield', 'log-fields', 'firewall', 'load-balancing', 'invites'],
    ...(existsSync(`${root}src/features`)
      ? readdirSync(`${root}src/features`, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
      : []),
  ]),
]

/** The boundaries of STYLE.md, as import-x/no-restricted-paths zones (paths relative to the repo root). */
const boundaries = (serverMayUse = ['./server', './shared']) => [
  {
    target: './src/shared',
    from: './src',
    except: ['./shared'],
    message: 'src/shared is isomorphic: it imports nothing else from src (and nothing but zod).',
  },
  {
    target: './src/server',
    from: './src',
    except: serverMayUse,
    message: 'src/server imports only src/shared (browser code never reaches the server).',
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'Features do not import each other: move shared code to components/, lib/ or shared/, and compose features in routes.',
  })),
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'components/ and lib/ are shared building blocks: they never import features or the app shell.',
  },
]

export default tseslint.config(
  {
    ignores: ['dist/', 'dist-server/', '.tmp/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/', '.data/', 'src/bench/.tmp/', 'e2e/.tmp/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too (no-cycle follows them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [`${root}src`] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries() }],
      // Two modules that import each other (directly or through others) cannot be read, tested or split apart alone.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // src/shared: zod and its own files only; no Node built-ins, no other packages.
    files: ['src/shared/**/*.{ts,tsx}'],
    ignores: ['src/shared/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // zxcvbn-ts: the password rule's strength check (src/shared/password-rule.ts), loaded on first use.
              regex: '^(?!zod($|/)|@zxcvbn-ts/(core|language-common)$|\\.{1,2}/)',
              message: 'src/shared imports nothing but zod (and its own files): it runs in the browser and on the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser takes only types from the endpoint table (src/shared/endpoints): its paths and zod
    // schemas stay out of the bundle. Only routes.ts (fillPath) and types.ts (the area names) may be
    // imported for their values.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/testing/**', 'src/bench/**', 'src/shared/endpoints/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '((^|/)shared|^\\.{1,2})/endpoints(/(?!routes$|types$)[^/]+)?$',
              allowTypeImports: true,
              message: 'The browser takes only types from the endpoint table (import type); its values stay on the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test helpers (signed-in people at a test password cost, fake authenticators, partial sandboxes)
    // live in src/testing and are for tests only: no production module, browser or server, imports them.
    // (src/shared has its own, stricter no-restricted-imports above.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/bench/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)testing(/|$)',
              message: 'src/testing is for tests only: production code does not import test helpers.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server tests may use the shared test helpers in src/testing.
    files: ['src/server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries(['./server', './shared', './testing']) }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/testing/**', 'src/bench/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/server/**', 'src/testing/**', 'src/bench/**', 'e2e/**', '*.{js,mjs,cjs,ts}', '.ci/**', '.config/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/testing/**', 'src/shared/**', 'src/bench/**'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // The React Compiler diagnostics (everything but the two classic rules) point at patterns the
      // compiler cannot optimise; we do not run the compiler, so they are advice, not errors.
      ...Object.fromEntries(
        Object.keys(reactHooks.configs.flat['recommended-latest'].rules)
          .filter((rule) => rule !== 'react-hooks/rules-of-hooks' && rule !== 'react-hooks/exhaustive-deps')
          .map((rule) => [rule, 'warn']),
      ),
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Moving focus into a dialog when it opens is what the WAI-ARIA dialog pattern asks for.
      'jsx-a11y/no-autofocus': 'off',
      // These flag the listbox-with-aria-activedescendant pattern (keyboard handled on the input) and
      // dialog backdrop clicks (Escape closes); kept visible as warnings.
      'jsx-a11y/click-events-have-key-events': 'warn',
      'jsx-a11y/no-noninteractive-element-interactions': 'warn',
      'jsx-a11y/role-supports-aria-props': 'warn',
    },
  },
)
