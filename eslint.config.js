import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{ ignores: ['build/', 'node_modules/', '.react-router/', 'data/', 'test-results/', 'playwright-report/', 'migrations/.snapshot-*'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	jsxA11y.flatConfigs.recommended,
	{
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			// The server loads node_modules as they are: date-fns' index pulls in its whole library (~200 MB resident on Node 24).
			'no-restricted-imports': ['error', { paths: [{ name: 'date-fns', message: "Import each function from its own file: 'date-fns/format'." }] }],
		},
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: reactHooks.configs.recommended.rules,
	},
	{
		// MikroORM's generated migrations are kept as generated.
		files: ['migrations/Migration*.ts'],
		rules: { '@typescript-eslint/consistent-type-imports': 'off' },
	},
)
