import { type ReactNode } from 'react'
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button-styles.ts'
import { Spinner } from './Spinner.tsx'

export interface ButtonProps extends Omit<AriaButtonProps, 'children'> {
	variant?: ButtonVariant
	size?: ButtonSize
	children?: ReactNode
}

/**
 * A button. `isPending` keeps the label (so the accessible name stays), shows
 * a spinner, marks the button aria-disabled and ignores presses (a submit
 * button stops submitting). React Aria's own isPending is
 * not used: its announcement points at the button by id and is left dangling
 * when the submission navigates away (axe: role-img-alt).
 */
export function Button({ variant, size, className, children, isPending = false, type, ...props }: ButtonProps) {
	const pressHandlers = isPending
		? { onPress: undefined, onPressStart: undefined, onPressEnd: undefined, onPressUp: undefined, onPressChange: undefined }
		: {}
	return (
		<AriaButton
			{...props}
			{...pressHandlers}
			type={isPending && type === 'submit' ? 'button' : type}
			aria-disabled={isPending ? true : props['aria-disabled']}
			className={composeRenderProps(className, (className, renderProps) =>
				buttonStyles({ ...renderProps, isPending, variant, size, className }),
			)}
		>
			{isPending ? <Spinner /> : null}
			{children}
		</AriaButton>
	)
}
