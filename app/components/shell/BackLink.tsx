import { Link } from 'react-router'

/** The way back to the list a details screen belongs to. */
export function BackLink({ to, children }: { to: string; children: string }) {
	return (
		<p className="mb-4 text-sm">
			<Link to={to} className="font-medium text-brand underline underline-offset-2">
				{children}
			</Link>
		</p>
	)
}
