import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { Badge } from '#app/components/ui/Badge.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { formatDate } from '#app/lib/format.ts'
import { RecordReviewSchema } from '#app/lib/plan-review-schema.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { openPlanEntryReview } from '#app/services/plan-review-history.server.ts'
import { AlreadyStopped, NotTheOwner, recordReview, reviewAccess } from '#app/services/plan-reviews.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { MeasuredChangeDetails } from './+parts/MeasuredChange.tsx'
import { Section } from './+parts/ProfileSections.tsx'
import { ReviewForm } from './+parts/ReviewForm.tsx'
import { ReviewHistory } from './+parts/ReviewHistory.tsx'
import type { Route } from './+types/review.ts'

/**
 * A plan entry's review (ADR 072), at the plain URL the profile prints: the recommendation, its measured change and its
 * reviews for anyone who may see the student; the form for its owner and the school's need managers.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin', 'needManager', 'professional')
	return openPlanEntryReview(app, params.id, params.entryId)
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'needManager', 'professional')
	// Who may record is settled before the form is read: 404 for a student or entry out of sight, 403 for a reader.
	const access = await reviewAccess(app, params.id, params.entryId)
	if (!access.mayRecord) throw data(new NotTheOwner().message, { status: 403 })
	const profile = `/students/profile/${params.id}`
	const stopped = () => redirectWithToast(app.em, profile, { type: 'info', title: 'Already stopped', description: 'This recommendation is done; nothing was changed.' })
	if (access.done) return stopped()
	const submission = parseWithZod(await request.formData(), { schema: RecordReviewSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const review = submission.value
	try {
		const { recorded } = await recordReview(app, params.id, params.entryId, review)
		if (!recorded) return redirectWithToast(app.em, profile, { type: 'info', title: 'Already recorded', description: 'This review was already recorded today.' })
	} catch (error) {
		if (error instanceof NotTheOwner) throw data(error.message, { status: 403 })
		if (error instanceof AlreadyStopped) return stopped()
		throw error
	}
	return redirectWithToast(app.em, profile, {
		type: 'success',
		title: 'Review recorded',
		description: review.decision === 'stop' ? 'The recommendation is stopped and marked as done.' : `The next review is on ${formatDate(review.nextReviewOn)}.`,
	})
}

export default function PlanEntryReview({ loaderData, actionData }: Route.ComponentProps) {
	const { student, entry, reviews, change, canRecord, today } = loaderData
	const due = entry.reviewOn !== null && entry.reviewOn <= today
	return (
		<div className="flex flex-col gap-6">
			<div>
				<BackLink to={`/students/profile/${student.id}`}>{`${student.name}’s profile`}</BackLink>
				<PageHeader title={`Review: ${entry.title}`}>
					{`A recommendation on ${student.name}’s plan, in the theme ${entry.themeName}, added on ${formatDate(entry.addedOn)}.`}
				</PageHeader>
			</div>
			<Section id="entry" title="The plan entry">
				<dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
					<dt className="font-medium text-slate-900">Student</dt>
					<dd>{student.name}</dd>
					<dt className="font-medium text-slate-900">Status</dt>
					<dd>{entry.status === 'done' ? 'Done' : 'Active'}</dd>
					<dt className="font-medium text-slate-900">Review due</dt>
					<dd className="flex flex-wrap items-center gap-2">
						{entry.reviewOn ? formatDate(entry.reviewOn) : 'No review to come'}
						{due ? <Badge variant={entry.reviewOn! < today ? 'danger' : 'warning'}>{entry.reviewOn! < today ? 'Overdue' : 'Due'}</Badge> : null}
					</dd>
					<dt className="font-medium text-slate-900">Owner</dt>
					<dd>{entry.owner ?? 'None (a need manager records it)'}</dd>
					<dt className="font-medium text-slate-900">Note</dt>
					<dd>{entry.note ?? '—'}</dd>
				</dl>
			</Section>
			<Section id="change" title="Measured change">
				<MeasuredChangeDetails change={change} themeName={entry.themeName} perRespondent />
			</Section>
			<Section id="history" title="Reviews">
				<ReviewHistory reviews={reviews} title={entry.title} />
			</Section>
			{canRecord ? (
				<Section id="record" title="Record a review">
					<ReviewForm today={today} lastResult={actionData?.result} />
				</Section>
			) : entry.status === 'active' ? (
				<p>{entry.owner ? `Only ${entry.owner} or a need manager of the school records this review.` : 'Only a need manager of the school records this review.'}</p>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? `Review: ${loaderData.entry.title}` : 'Review'} · Spencer` }]
