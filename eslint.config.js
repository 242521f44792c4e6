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
  // The quote path's per-row and per-venue-call code: Node 20's V8 adds every property that follows
  // a spread in an object literal on a slow path (≈ 0.8 µs each; docs/performance.md, 2026-12-03).
  {
    files: [
      'src/engine/quoteTransfer.ts',
      'src/engine/fanOutQuotes.ts',
      'src/engine/applyFees.ts',
      'src/engine/applyExactOutFees.ts',
      'src/engine/views.ts',
      'src/venues/venueHttpClient.ts',
      'src/venues/nodeHttpFetch.ts',
      'src/store/decisionRepository.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ObjectExpression > SpreadElement:first-child ~ Property', message: 'A property after a leading spread takes V8\'s slow path on this hot path: name the fields, or put the property first.' },
      ],
    },
  },
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
