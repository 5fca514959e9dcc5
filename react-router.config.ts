import type { Config } from '@react-router/dev/config'

// Server rendering on: every screen must work before JavaScript loads.
// Middleware and the router context are on by default in React Router 8.
export default {
	ssr: true,
} satisfies Config
