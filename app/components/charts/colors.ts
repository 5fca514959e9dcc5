/** Chart colours of DESIGN.md §3. Fills only: never text on them (several fail 4.5:1 against white text). */
export const SEVERITY_COLOURS = { high: '#3B5781', medium: '#E67411', low: '#1CA39B' } as const
export const BAR_COLOUR = '#6995BA'
export const COMPARISON_BAR_COLOUR = '#D2DFEA'
/** #D2DFEA is too pale against white (1.4:1) to stand alone, so bars get this outline. */
export const BAR_OUTLINE = '#475569'
export const AXIS_TEXT = '#334155'
