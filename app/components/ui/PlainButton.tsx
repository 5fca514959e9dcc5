import { type ButtonHTMLAttributes } from 'react'
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button-styles.ts'

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
	variant?: ButtonVariant
	size?: ButtonSize
	className?: string
}

/**
 * A native <button> that looks like Button, for a page whose buttons need nothing of React Aria's press handling (a
 * form's submit, Print) and that has no other React Aria control: it spares the page React Aria's button and the
 * press, hover and focus machinery under it, 14 KB of gzipped JavaScript (ADR 059). Its focus ring and pressed look
 * are the browser's :focus-visible and :active.
 */
export function PlainButton({ variant, size, className, type = 'button', ...props }: PlainButtonProps) {
	return <button {...props} type={type} className={buttonStyles({ variant, size, isFocusVisible: false, native: true, className })} />
}
