// Lint: TypeScript rules plus Nx module boundaries. Tags (STYLE.md): type:app|feature|ui|data-access|util
// and platform:web|node|neutral. Web never imports node, node never imports web.
import nx from '@nx/eslint-plugin';
import { apiLayerRules } from './apps/api/eslint.layers.mjs';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/.data', '**/test-results', '**/playwright-report', 'tmp'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'],
            },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:neutral'] },
            { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:neutral'] },
            { sourceTag: 'platform:neutral', onlyDependOnLibsWithTags: ['platform:neutral'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // build configs load the shared webpack settings from tools/, which is not a project
    files: ['**/webpack.config.js', '**/webpack.*.config.js'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  // the API's folders by layer: foundation → platform → domain → security and the composition root
  ...apiLayerRules(),
  {
    // test helpers may use loose JSON bodies
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];
