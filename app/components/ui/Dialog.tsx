import { X } from 'lucide-react'
import { type ReactNode } from 'react'
import { Dialog as AriaDialog, DialogTrigger as AriaDialogTrigger, Heading, type DialogProps as AriaDialogProps } from 'react-aria-components'
import { Button } from './Button.tsx'
import { Icon } from './Icon.tsx'

export interface DialogProps extends Omit<AriaDialogProps, 'children'> {
	title: ReactNode
	children: ReactNode
	/** Buttons or links along the bottom. */
	footer?: ReactNode
	/** Shows an × button that closes the dialog (inside a JavaScript-only Modal). */
	showCloseButton?: boolean
}

/** The content of a modal: a titled dialog (role="dialog", labelled by its heading). */
export function Dialog({ title, children, footer, showCloseButton = false, className, ...props }: DialogProps) {
	return (
		<AriaDialog {...props} className={`relative flex flex-col gap-4 p-6 outline-0 ${typeof className === 'string' ? className : ''}`}>
			{({ close }) => (
				<>
					<Heading slot="title" className="pe-8 text-xl font-semibold text-slate-900">
						{title}
					</Heading>
					<div className="text-slate-800">{children}</div>
					{footer ? <div className="flex flex-wrap justify-end gap-2">{footer}</div> : null}
					{showCloseButton ? (
						// Placed by a box of its own: a Button is `relative`, which an `absolute` of its own would contradict.
						<div className="absolute end-3 top-3 flex">
							<Button variant="ghost" size="icon" aria-label="Close" onPress={close}>
								<Icon icon={X} className="size-5" />
							</Button>
						</div>
					) : null}
				</>
			)}
		</AriaDialog>
	)
}

export const DialogTrigger = AriaDialogTrigger
