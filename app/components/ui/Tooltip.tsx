import { type ReactElement, type ReactNode } from 'react'
import {
	OverlayArrow,
	Tooltip as AriaTooltip,
	TooltipTrigger as AriaTooltipTrigger,
	type TooltipProps as AriaTooltipProps,
} from 'react-aria-components'

export interface TooltipProps extends Omit<AriaTooltipProps, 'children'> {
	/** What the tooltip says: a visual hint, never the only name of the control. */
	content: ReactNode
	/** A focusable React Aria element, usually our Button (give an icon button an aria-label). */
	children: ReactElement
	/** Milliseconds of hover before it shows (keyboard focus shows it at once). */
	delay?: number
}

/** How long a pointer rests on a control before its tooltip shows; the collapsed sidebar's labels wait as long. */
const TOOLTIP_DELAY_MS = 200

/**
 * A tooltip on hover and keyboard focus (Escape hides it). It needs
 * JavaScript, so the trigger must carry its own accessible name.
 */
export function Tooltip({ content, children, delay = TOOLTIP_DELAY_MS, placement = 'top', ...props }: TooltipProps) {
	return (
		<AriaTooltipTrigger delay={delay}>
			{children}
			<AriaTooltip
				{...props}
				placement={placement}
				offset={8}
				className="max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white shadow-md forced-colors:bg-[Canvas] forced-colors:text-[CanvasText]"
			>
				<OverlayArrow className="group">
					<svg
						width={8}
						height={8}
						viewBox="0 0 8 8"
						aria-hidden="true"
						className="fill-slate-900 group-data-[placement=bottom]:rotate-180 group-data-[placement=left]:-rotate-90 group-data-[placement=right]:rotate-90"
					>
						<path d="M0 0 L4 4 L8 0" />
					</svg>
				</OverlayArrow>
				{content}
			</AriaTooltip>
		</AriaTooltipTrigger>
	)
}
