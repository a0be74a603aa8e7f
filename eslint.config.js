import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Client import boundaries (issue 16.1): features sit side by side and never import one another nor the app
// that composes them (client/app, whose routes pass one feature's pieces to another); what they share sits below
// them in client/config, client/lib and client/components, which import neither features nor the app. No cycles.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const clientFeatures = readdirSync(`${repoRoot}/client/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureIsolation = clientFeatures.map((feature) => ({
  target: `client/features/${feature}`,
  from: 'client/features',
  except: [`./${feature}`],
  message: `A feature does not import another feature: move the shared piece to client/lib or client/components, or pass it in from the route (client/app/routes).`,
}));
const featuresBelowApp = {
  target: 'client/features',
  from: 'client/app',
  message:
    'A feature does not import the app: the route table is client/config/paths.ts, the current user client/lib/auth.ts.',
};
const sharedBelowFeatures = {
  target: ['client/config', 'client/lib', 'client/components'],
  from: ['client/features', 'client/app'],
  message:
    'Shared client code does not import features or the app: the app installs what it needs (see client/app/provider.tsx).',
};
// client/components is the design system only (client/components/ui): a piece of one feature lives in that feature,
// and a piece two features show reaches them through the app's slots (decision 011), so nothing else is imported
// from there.
const componentsAreTheDesignSystem = {
  target: 'client',
  from: ['client/components/!(ui)', 'client/components/!(ui)/**'],
  message:
    'client/components holds only the design system (ui): put a feature piece in client/features/<feature> and hand it to other features through a slot from client/app (decision 011).',
};
const clientImportBoundaries = [
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads the TypeScript files it follows (no-cycle parses every module on a path).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${repoRoot}/tsconfig.client.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repoRoot,
          zones: [...featureIsolation, featuresBelowApp, sharedBelowFeatures, componentsAreTheDesignSystem],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A feature's integration test may render the app's router or a route to reach the feature as a visitor does.
    files: ['client/features/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repoRoot,
          zones: [...featureIsolation, sharedBelowFeatures, componentsAreTheDesignSystem],
        },
      ],
    },
  },
];

// Server import boundaries (issue 16.1): a module calls another module's service, never its repository;
// server/lib (feature-free helpers) imports neither the modules nor the infrastructure; server/infra never imports
// the modules; no import cycles in server/ or contract/ (type-only imports do not count).
const serverRoot = fileURLToPath(new URL('.', import.meta.url));
const serverModules = readdirSync(`${serverRoot}/server/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverImportBoundaries = [
  {
    files: ['server/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${serverRoot}/tsconfig.server.json` }),
      ],
      // Without these, import-x reads only .js files when it follows imports, and no-cycle sees no TypeScript.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: serverRoot,
          zones: [
            ...serverModules.map((name) => ({
              target: `server/modules/${name}/**`,
              from: `server/modules/!(${name})/**/*.repository.ts`,
              message: `A module calls another module's service, never its repository (SQL stays behind its own service).`,
            })),
            {
              target: 'server/lib',
              from: [
                'server/modules',
                'server/infra',
                'server/plugins',
                'server/app.ts',
                'server/modules.ts',
              ],
              message:
                'server/lib holds feature-free helpers: they import neither the modules nor the infrastructure.',
            },
            {
              target: 'server/infra',
              from: ['server/modules', 'server/modules.ts'],
              message:
                'The infrastructure knows no module: modules bring their pieces in their manifests (server/modules.ts).',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', '.tmp', 'coverage', 'node_modules', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'e2e/**/*.mjs',
      'scripts/**/*.mjs',
      'scripts/**/*.ts',
      '*.config.ts',
      '*.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/cli.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.mjs', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // Client and server never import each other; both import contract (design section 2).
    files: ['client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // Promises are awaited or handed on, never dropped (issue 16.1): two of typescript-eslint's type-checked rules,
    // with type information from the project service (each file's program comes from tsconfig.json's references).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: repoRoot },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A React attribute may take a promise-returning handler (react-hook-form's handleSubmit returns one, and
      // React ignores what a handler returns); everywhere else a promise is not passed where void is expected.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Client import boundaries (issue 16.1)
  ...clientImportBoundaries,
  {
    files: ['server/**/*.ts', 'contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '@/*'] }] },
  },
  // Server import boundaries (issue 16.1)
  ...serverImportBoundaries,
  prettier,
);
