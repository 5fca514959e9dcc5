import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	index('routes/home.tsx'),
	route('healthz', 'routes/healthz.ts'),

	...prefix('ui-kit', [
		layout('routes/ui-kit/layout.tsx', [
			index('routes/ui-kit/index.tsx'),
			route('charts', 'routes/ui-kit/charts.tsx'),
			route('buttons', 'routes/ui-kit/buttons.tsx'),
			route('inputs', 'routes/ui-kit/inputs.tsx'),
			route('logos', 'routes/ui-kit/logos.tsx'),
			route('colors', 'routes/ui-kit/colors.tsx'),
			route('typography', 'routes/ui-kit/typography.tsx'),
			route('misc', 'routes/ui-kit/misc.tsx'),
		]),
	]),
] satisfies RouteConfig
