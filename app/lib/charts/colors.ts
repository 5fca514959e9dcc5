import { SCORING_COLOURS } from '#app/lib/scoring.ts'

/** Chart colours of the scoring (docs/architecture.md#scoring). Fills only: never text on them (several fail 4.5:1 against white text). */
export const SEVERITY_COLOURS = { high: SCORING_COLOURS.high, medium: SCORING_COLOURS.medium, low: SCORING_COLOURS.low } as const
export const BAR_COLOUR = SCORING_COLOURS.bar
export const COMPARISON_BAR_COLOUR = SCORING_COLOURS.comparisonBar
/** #D2DFEA is too pale against white (1.4:1) to stand alone, so bars get this outline. */
export const BAR_OUTLINE = '#475569'
export const AXIS_TEXT = '#334155'
