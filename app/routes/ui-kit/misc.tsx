import { data } from 'react-router'
import { z } from 'zod'
import { readSort } from '#app/components/ui/Table.tsx'
import { getAppContext } from '#app/context.ts'
import { TOAST_POSITIONS, type ToastType } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/misc.ts'
import { BadgesSection, MenuSection, ModalSection, TabsSection, TooltipSection } from './+parts/MiscSections.tsx'
import { SAMPLE_STUDENTS, StudentsTable, type SampleStudent } from './+parts/StudentsTable.tsx'
import { ToastSection } from './+parts/ToastSection.tsx'
import { PageHeading } from './+parts/Section.tsx'

const SORT_KEYS = ['name', 'yearGroup', 'dateOfBirth'] as const
const TYPES = ['success', 'error', 'warning', 'info'] as const satisfies readonly ToastType[]
const TITLES: Record<ToastType, string> = {
	success: 'Student saved',
	error: 'Something went wrong',
	warning: 'Session expired',
	info: 'Import queued',
}

const ToastSchema = z.object({ position: z.enum(TOAST_POSITIONS), type: z.enum(TYPES) })

export function loader({ request }: Route.LoaderArgs) {
	const sort = readSort(new URL(request.url).searchParams, SORT_KEYS, { sort: 'name', dir: 'asc' })
	const key = sort.sort as (typeof SORT_KEYS)[number]
	const students = [...SAMPLE_STUDENTS].sort((a: SampleStudent, b: SampleStudent) => {
		const order = key === 'yearGroup' ? a.yearOrder - b.yearOrder : a[key].localeCompare(b[key], 'en-GB')
		return sort.dir === 'asc' ? order : -order
	})
	return { sort, students }
}

/** Answers with a toast in the corner asked for, as any action does: through the flash cookie, after a redirect. */
export async function action({ request, context }: Route.ActionArgs) {
	const result = ToastSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!result.success) throw data('Choose a kind of toast and a corner.', { status: 400 })
	const { position, type } = result.data
	return redirectWithToast(getAppContext(context).em, '/ui-kit/misc', {
		type,
		title: TITLES[type],
		description: `Shown at the ${position.replace('-', ' ')}.`,
		position,
	})
}

export default function Misc({ loaderData }: Route.ComponentProps) {
	return (
		<div className="flex flex-col gap-8">
			<PageHeading>Misc</PageHeading>
			<BadgesSection />
			<TooltipSection />
			<MenuSection />
			<TabsSection />
			<StudentsTable students={loaderData.students} sort={loaderData.sort} />
			<ModalSection />
			<ToastSection />
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Misc · UI kit · Spencer' }]
