import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	environments: {
		// The server entry wraps the React Router build in our Express app, so the
		// database, migrations and seed live in the same bundle as the routes.
		ssr: { build: { rollupOptions: { input: './server/app.ts' }, target: 'node24' } },
	},
	plugins: [tailwindcss(), reactRouter()],
})
