import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	environments: {
		// The server entry wraps the React Router build in our Express app, so the
		// database, migrations and seed live in the same bundle as the routes.
		ssr: {
			build: {
				// ASCII, without comments: V8 keeps a module's source for lazy compilation, and one character past Latin-1 (a dash)
				// makes the whole bundle a two-byte string, 3 MB of heap rather than 1.5 (ADR 056).
				rollupOptions: { input: './server/app.ts', output: { charset: 'ascii', comments: false } },
				target: 'node24',
			},
			// The UI libraries go into the bundle, where only what the pages use is kept: loaded from node_modules they
			// bring every icon and hook module (about 1,400 files) into the server's heap (ADR 056).
			resolve: {
				noExternal: ['lucide-react', 'react-aria', 'react-aria-components', 'react-stately', /^@react-aria\//, /^@react-stately\//, /^@internationalized\//, 'tailwind-variants'],
			},
		},
	},
	plugins: [tailwindcss(), reactRouter()],
})
