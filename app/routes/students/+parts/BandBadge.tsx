import { BAND_LABELS, SCORING_COLOURS, type Band } from '#app/lib/scoring.ts'

/** A band as words with its colour swatch beside (the colour only repeats the words). */
export function BandBadge({ band }: { band: Band }) {
	return (
		<span className="inline-flex items-center gap-2 whitespace-nowrap">
			<svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 shrink-0">
				<rect width="12" height="12" rx="2" fill={SCORING_COLOURS[band]} />
			</svg>
			{BAND_LABELS[band]}
		</span>
	)
}
