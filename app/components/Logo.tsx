import { useId } from 'react'

const BRAND = '#3B5781'
// The "S" stroke of /public/favicon.svg, drawn in a 32 × 32 box.
const S_PATH =
	'M21.5 10.5c-1.2-1.4-3-2.2-5.2-2.2-3.2 0-5.5 1.8-5.5 4.4 0 5.6 10.6 3.6 10.6 8 0 1.6-1.6 2.9-4.6 2.9-2.2 0-4.1-.9-5.3-2.4'

export interface LogoProps {
	/** `full`: mark and wordmark; `mark`: the square alone (e.g. a collapsed sidebar). */
	variant?: 'full' | 'mark'
	/** `brand` on light backgrounds; `inverse` (white) on the brand colour or dark ones. */
	tone?: 'brand' | 'inverse'
	/** Height in px; the width follows. */
	height?: number
	/** Hide from assistive technology when the words "Spencer" are already beside it. */
	decorative?: boolean
	className?: string
}

/** The Spencer logo: a rounded square with an "S", and the wordmark, as one SVG. */
export function Logo({ variant = 'full', tone = 'brand', height = 32, decorative = false, className }: LogoProps) {
	const titleId = useId()
	const square = tone === 'brand' ? BRAND : '#FFFFFF'
	const letter = tone === 'brand' ? '#FFFFFF' : BRAND
	const word = tone === 'brand' ? BRAND : '#FFFFFF'
	const width = variant === 'full' ? 144 : 32
	const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-labelledby': titleId }
	return (
		<svg
			xmlns="http://www.w3.org/2000/svg"
			viewBox={`0 0 ${width} 32`}
			height={height}
			width={(height * width) / 32}
			className={className}
			focusable="false"
			{...a11y}
		>
			{decorative ? null : <title id={titleId}>Spencer</title>}
			<rect width="32" height="32" rx="7" fill={square} />
			<path d={S_PATH} fill="none" stroke={letter} strokeWidth="2.6" strokeLinecap="round" />
			{variant === 'full' ? (
				<text
					x="42"
					y="23.5"
					fill={word}
					fontFamily="ui-sans-serif, system-ui, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
					fontSize="22"
					fontWeight="700"
					// Fits the box whatever font the system picks.
					textLength="100"
					lengthAdjust="spacingAndGlyphs"
				>
					Spencer
				</text>
			) : null}
		</svg>
	)
}
