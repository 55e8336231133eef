// ESLint: TypeScript rules plus the layering of STYLE.md — routes → services →
// repositories on the server, independent feature folders in the web app.
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.existsSync('web/src/features')
  ? fs
      .readdirSync('web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', '.tmp', '.dist-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: { project: './tsconfig.json' } } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './common',
              from: './server',
              message: 'common/ is shared: it must not import the server.',
            },
            {
              target: './common',
              from: './web',
              message: 'common/ is shared: it must not import the web app.',
            },
            {
              target: './web',
              from: './server',
              message: 'The browser never imports server code.',
            },
            { target: './server', from: './web', message: 'The server never imports web code.' },
            ...features.map((name) => ({
              target: `./web/src/features/${name}`,
              from: './web/src/features',
              except: [`./${name}`],
              message:
                'Features never import each other: move shared pieces to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely', '**/db/*', '*.repository'],
              message: 'Routes call services; only repositories write SQL.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*.service', '*.routes', '**/http/errors'],
              message: 'Repositories never call services or throw HTTP errors.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*.routes', 'fastify'],
              message: 'Services never touch the request or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
