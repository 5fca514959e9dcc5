import { useEffect, useRef } from 'react'
import { data, useSubmit } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { FieldMessage, listControlClass, listSubmitClass } from '#app/components/lists/ListSearch.tsx'
import { IllegalInputPanel } from '#app/components/lists/ListPanel.tsx'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { Link } from '#app/components/ui/Link.tsx'
import type { IllegalInput } from '#app/lib/pagination.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { seesWholeSchool } from '#app/services/need-to-know.server.ts'
import { searchStudents } from '#app/services/students.server.ts'
import type { Route } from './+types/index.ts'

/** How long typing pauses before the results follow it (with JavaScript). */
const TYPING_PAUSE_MS = 250

/**
 * The quick student search: any school role finds, by name or UPN, the
 * students it may see (the rule of `/students/profile/:id`), each a link to
 * that profile. A platform admin, or a user without a school role, goes home
 * (requireRole). ADR 022.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin', 'needManager', 'professional')
	const list = readList(new URL(request.url), { sorts: ['name'], sort: 'name' })
	const { rows, total } = await unlessIllegal(list, () => searchStudents(app, list.query), NO_ROWS)
	return data({ rows, total, query: list.query, illegal: list.illegal, wholeSchool: seesWholeSchool(app.auth) }, listStatus(list))
}

export default function FindStudent({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, illegal, wholeSchool } = loaderData
	return (
		<>
			<PageHeader title="Find a student">
				{wholeSchool
					? 'Any student of your school, by name or UPN: open their profile from the results.'
					: 'The students you work with, by name or UPN: open their profile from the results.'}
			</PageHeader>
			<SearchForm q={query.q} illegal={illegal} />
			<section aria-labelledby="found-heading" className="mt-6 max-w-3xl">
				<h2 id="found-heading" className="sr-only">
					Results
				</h2>
				{/* A refused search is said here too, where it is announced as it appears (typing, with JavaScript): shown
				    beside the field and in the panel below, so this copy is for screen readers only. */}
				<p role="status" className={illegal ? 'sr-only' : 'mb-3 text-slate-700'}>
					{illegal ? illegal.message : !query.q ? 'Type part of a name or a UPN, then press Enter.' : total === 0 ? `No student matches “${query.q}”.` : total === 1 ? '1 student found.' : `${total} students found.`}
				</p>
				{illegal ? <IllegalInputPanel illegal={illegal} /> : null}
				{rows.length ? (
					<ul aria-label="Students found" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
						{rows.map((student) => (
							<li key={student.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3">
								<Link to={`/students/profile/${student.id}`} className="font-medium">
									{student.name}
								</Link>
								<span className="text-sm text-slate-700">
									<span className="font-mono">{student.upn}</span> · {student.yearGroup}
								</span>
								{student.archived ? <Badge>Archived</Badge> : null}
							</li>
						))}
					</ul>
				) : null}
				{total > 0 ? <Pagination page={query.page} pageSize={query.pageSize} total={total} noun="students" /> : null}
			</section>
		</>
	)
}

/**
 * A GET form with one field: Enter searches, without JavaScript too, and the
 * result links come next in the tab order (the Search button, for the mouse,
 * is left out of it). With JavaScript the results follow the typing, in the
 * same field, so it keeps the focus.
 */
function SearchForm({ q, illegal }: { q: string; illegal: IllegalInput | null }) {
	const submit = useSubmit()
	const input = useRef<HTMLInputElement>(null)
	const timer = useRef<number | undefined>(undefined)
	// Typing before the scripts had loaded (a slow laptop) is not lost: the results catch up with the field once they have.
	useEffect(() => {
		const field = input.current
		if (field?.form && field.value !== q) submit(field.form, { replace: true, preventScrollReset: true })
		// Once, at hydration: later changes are the typing's own.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	// Back and Forward change the search: the field follows, unless it is being typed in.
	useEffect(() => {
		if (input.current && document.activeElement !== input.current) input.current.value = q
	}, [q])
	useEffect(() => () => window.clearTimeout(timer.current), [])
	const invalid = illegal?.field === 'q' ? illegal : null
	return (
		<Form
			method="get"
			role="search"
			aria-label="Find a student"
			className="flex max-w-3xl flex-wrap items-end gap-3"
			onChange={(event) => {
				const form = event.currentTarget
				window.clearTimeout(timer.current)
				timer.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), TYPING_PAUSE_MS)
			}}
			onSubmit={() => window.clearTimeout(timer.current)}
		>
			<div className="flex grow flex-col gap-1">
				<label htmlFor="find-student" className="text-sm font-medium text-slate-900">
					Name or UPN
				</label>
				<input
					ref={input}
					id="find-student"
					type="search"
					name="q"
					defaultValue={q}
					autoComplete="off"
					// The screen is this one field: it has the focus when the screen opens (and again after a search without JavaScript).
					// eslint-disable-next-line jsx-a11y/no-autofocus
					autoFocus
					aria-invalid={invalid ? true : undefined}
					aria-describedby={invalid ? 'find-student-error' : undefined}
					className={`w-full ${listControlClass}`}
				/>
				{invalid ? <FieldMessage id="find-student-error" message={invalid.message} /> : null}
			</div>
			<button type="submit" tabIndex={-1} className={listSubmitClass}>
				Search
			</button>
		</Form>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Find a student · Spencer' }]
