import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'packages/*/dist/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/config.ts only.' }],
    },
  },
  // Plain JavaScript entry points and build scripts run on Node: its globals are defined there.
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: { URL: 'readonly', process: 'readonly', console: 'readonly' } } },
  { files: ['src/config.ts', 'test/**', 'bench/**', '**/*.test.ts', 'vitest.config.ts'], rules: { 'no-restricted-properties': 'off' } },
  // Test files share their worker's modules (vitest.config.ts: isolate false): a module mock, a
  // stubbed global or fake timers left by one file would leak into the next.
  {
    files: ['test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share modules (vitest.config.ts, isolate: false): inject a dependency instead.',
        })),
      ],
    },
  },
);
