import { Outlet } from 'react-router'
import { roleMiddleware } from '#app/services/guards.server.ts'
import type { Route } from './+types/layout.ts'

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware('schoolAdmin')]

export default function AreaLayout() {
	return <Outlet />
}
