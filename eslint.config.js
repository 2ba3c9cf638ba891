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
    plugins: { 'react-hooks': reactHooks },
    // The two rules of hooks, not the rest of the plugin's recommended set: those are the React
    // Compiler's checks, for a compiler the project does not use; they took nine tenths of the lint
    // time and flag deliberate code (state reset in an effect when the record changes, 7 places).
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // antd's List keys its items by place unless told: a record arriving live above another then
      // takes over that one's state (an open confirmation answered for the wrong tenancy).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='List']:has(JSXAttribute[name.name='dataSource']):not(:has(JSXAttribute[name.name='rowKey']))",
          message: 'Give the List a rowKey: the field (or function) that names each item.'
        }
      ]
    }
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter: a fixture that needs none
    // must write `{}` there.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' }
  }
)
