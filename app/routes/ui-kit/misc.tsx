import { data } from 'react-router'
import { z } from 'zod'
import { readSort } from '#app/components/ui/Table.tsx'
import { Toaster } from '#app/components/ui/Toaster.tsx'
import type { Toast, ToastPosition, ToastType } from '#app/lib/toast.ts'
import type { Route } from './+types/misc.ts'
import { BadgesSection, MenuSection, ModalSection, TabsSection, TooltipSection } from './+parts/MiscSections.tsx'
import { SAMPLE_STUDENTS, StudentsTable, type SampleStudent } from './+parts/StudentsTable.tsx'
import { ToastSection } from './+parts/ToastSection.tsx'
import { PageHeading } from './+parts/Section.tsx'

const SORT_KEYS = ['name', 'yearGroup', 'dateOfBirth'] as const
const POSITIONS = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const satisfies readonly ToastPosition[]
const TYPES = ['success', 'error', 'warning', 'info'] as const satisfies readonly ToastType[]
const TITLES: Record<ToastType, string> = {
	success: 'Student saved',
	error: 'Something went wrong',
	warning: 'Session expired',
	info: 'Import queued',
}

const ToastSchema = z.object({ position: z.enum(POSITIONS), type: z.enum(TYPES) })

export function loader({ request }: Route.LoaderArgs) {
	const sort = readSort(new URL(request.url).searchParams, SORT_KEYS, { sort: 'name', dir: 'asc' })
	const key = sort.sort as (typeof SORT_KEYS)[number]
	const students = [...SAMPLE_STUDENTS].sort((a: SampleStudent, b: SampleStudent) => {
		const order = key === 'yearGroup' ? a.yearOrder - b.yearOrder : a[key].localeCompare(b[key], 'en-GB')
		return sort.dir === 'asc' ? order : -order
	})
	return { sort, students }
}

export async function action({ request }: Route.ActionArgs) {
	const result = ToastSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!result.success) return data({ position: 'top-right' as ToastPosition, toasts: [] as Toast[] }, { status: 400 })
	const { position, type } = result.data
	const toast: Toast = {
		id: crypto.randomUUID(),
		type,
		title: TITLES[type],
		description: `Shown at the ${position.replace('-', ' ')}.`,
	}
	return { position: position as ToastPosition, toasts: [toast] }
}

export default function Misc({ loaderData, actionData }: Route.ComponentProps) {
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
			<Toaster toasts={actionData?.toasts ?? []} position={actionData?.position ?? 'top-right'} label="Demo notifications" />
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Misc · UI kit · Spencer' }]
