import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router'
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button-styles.ts'

export const linkClass =
	'rounded-sm text-brand underline underline-offset-2 hover:decoration-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700'

/** An in-app link (client-side navigation with JavaScript, a plain link without). */
export function Link({ className, ...props }: RouterLinkProps) {
	return <RouterLink {...props} className={typeof className === 'string' ? `${linkClass} ${className}` : linkClass} />
}

export interface ButtonLinkProps extends RouterLinkProps {
	variant?: ButtonVariant
	size?: ButtonSize
}

/** A link that looks like a button: for navigation (opening a URL modal, going to a form), never for actions. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
	return (
		<RouterLink
			{...props}
			className={buttonStyles({ variant, size, className: typeof className === 'string' ? className : undefined })}
		/>
	)
}
