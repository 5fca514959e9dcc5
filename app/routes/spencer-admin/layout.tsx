import { Outlet } from 'react-router'
import { roleMiddleware } from '#app/services/guards.server.ts'
import type { Route } from './+types/layout.ts'

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware('spencerAdmin')]

export default function AreaLayout() {
	return <Outlet />
}
