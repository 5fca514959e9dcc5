import { Link } from 'react-router'
import { formatDate } from '#app/lib/format.ts'
import { outcomeLabel } from '#app/lib/review-outcomes.ts'
import { reviewPath } from '#app/lib/review-links.ts'
import type { StudentRecommendationRow } from '#app/services/student-views.server.ts'
import { changeSummary } from './MeasuredChange.tsx'
import { ReviewHistory } from './ReviewHistory.tsx'

/**
 * Under the plan on the profile (ADR 072): each entry's latest outcome, measured change and reviews, with the way to
 * its review page; on paper, the review pages' plain URLs (no QR code), so a review can be opened from the printout.
 */
export function PlanReviews({ studentId, recommendations, baseUrl }: { studentId: string; recommendations: StudentRecommendationRow[]; baseUrl: string }) {
	const reviewed = recommendations.filter((entry) => entry.status === 'active')
	return (
		<div className="mt-6 flex flex-col gap-5 print:mt-3 print:gap-2">
			<h3 className="text-base font-semibold text-slate-900">Reviews and measured change</h3>
			{recommendations.map((entry) => {
				const latest = entry.reviews[0]
				return (
					<div key={entry.id} className="flex flex-col gap-2 border-t border-slate-200 pt-3 break-inside-avoid print:gap-1 print:pt-1">
						<h4 className="font-medium text-slate-900">{entry.title}</h4>
						<p>
							{latest ? `Latest outcome: ${outcomeLabel(latest.outcome)} on ${formatDate(latest.reviewedOn)}.` : 'No review recorded yet.'}
							{entry.reviewOn ? ` Next review ${formatDate(entry.reviewOn)}${entry.owner ? `, by ${entry.owner}` : ''}.` : ''}
						</p>
						<p>{changeSummary(entry.change, entry.themeName)}</p>
						{entry.reviews.length ? <ReviewHistory reviews={entry.reviews} title={entry.title} /> : null}
						<p className="print:hidden">
							<Link to={reviewPath(studentId, entry.id)} className="font-medium text-brand underline underline-offset-2">
								{entry.status === 'active' ? 'Review' : 'Reviews'}
								<span className="sr-only">{` of “${entry.title}”`}</span>
							</Link>
						</p>
					</div>
				)
			})}
			{reviewed.length ? (
				<div className="hidden print:block">
					<h4 className="font-medium text-slate-900">Review links</h4>
					<ul className="list-none">
						{reviewed.map((entry) => (
							<li key={entry.id} className="break-all">{`${entry.title}: ${baseUrl}${reviewPath(studentId, entry.id)}`}</li>
						))}
					</ul>
				</div>
			) : null}
		</div>
	)
}
