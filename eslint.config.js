// ESLint for the whole repository: the recommended rules of ESLint and typescript-eslint, React's
// hook rules in the browser, and the module wall (eslint/module-wall.js). `npm run lint`.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import wall from './eslint/module-wall.js'

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { wall },
    rules: {
      'wall/module-wall': 'error',
      // Feathers params, query and result objects are typed `any` in about 950 places over 220 files:
      // typing them is its own work, not a lint fix.
      '@typescript-eslint/no-explicit-any': 'off',
      // A leading underscore names what a signature or a destructuring must take but does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Empty interfaces are the registries that services and jobs extend by declaration merging.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }]
    }
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Rules written for the React Compiler, which the project does not use. Resetting state in an
      // effect when the record changes (7 places) and reading the clock while rendering a panel that a
      // ticking hook re-renders are deliberate here; rewriting them is not a lint fix.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/purity': 'off'
    }
  },
  {
    // resourcePage() returns the one cached lazy component of a page, not a new component per render.
    files: ['frontend/src/config/resource-routes.tsx'],
    rules: { 'react-hooks/static-components': 'off' }
  }
)
