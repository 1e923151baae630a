import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const AWS_SDK = { group: ['@aws-sdk/*'], message: 'Domain and handlers talk to ports; AWS SDK clients live in shared/adapters.' };
/** Relative paths from anywhere under shared/ up to a folder named `name` (`../name/**` ... five levels up). */
const up = (name) => [1, 2, 3, 4, 5].flatMap((n) => { const p = `${'../'.repeat(n)}${name}`; return [p, `${p}/**`]; });
/** The layers above shared/domain and shared/adapters. */
const UPWARD = [
  { group: up('http'), message: 'shared/domain and shared/adapters do not import the HTTP layer (shared/http).' },
  { group: up('app'), message: 'shared/domain and shared/adapters do not import the app services (shared/app): take what you need as a parameter or a port.' },
  { group: up('functions'), message: 'shared/domain and shared/adapters do not import the functions.' },
  { group: up('local').filter((p) => !p.startsWith('../local')), message: 'shared/domain and shared/adapters do not import the local stack (local/).' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', '.local/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Tests and the benchmark read JSON answers of many shapes; typing every one would add noise, not safety.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Domain code talks to ports only: no AWS SDK, no environment reads.
    files: ['shared/ports/**/*.ts', 'functions/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [AWS_SDK] }],
    },
  },
  {
    // Imports run downward: functions and the HTTP layer use the app services, which use the domain and the
    // adapters; the domain and the adapters never import the layers above them. The local stack's composition
    // lives in local/, above everything.
    files: ['shared/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [AWS_SDK, ...UPWARD] }] },
  },
  {
    files: ['shared/adapters/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: UPWARD }] },
  },
  {
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    ignores: ['shared/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through shared/config.ts.' }],
    },
  },
);
