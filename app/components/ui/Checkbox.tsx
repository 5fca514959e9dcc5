import { Check } from 'lucide-react'
import { type ReactNode } from 'react'
import {
	CheckboxButton as AriaCheckboxButton,
	CheckboxField as AriaCheckboxField,
	composeRenderProps,
	type CheckboxFieldProps as AriaCheckboxFieldProps,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { Description, FieldError, type ErrorMessage } from './Field.tsx'
import { Icon } from './Icon.tsx'

export const checkboxStyles = tv({
	base: 'group flex w-fit items-start gap-2 text-base',
	variants: { isDisabled: { false: 'cursor-pointer text-slate-900', true: 'cursor-not-allowed text-slate-500' } },
})

// The box follows the native input's own :checked and :focus-visible state, so
// it shows a click correctly even before JavaScript has loaded.
const boxClass =
	'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2 border-slate-600 bg-white text-white ' +
	'group-has-[input:checked]:border-brand group-has-[input:checked]:bg-brand ' +
	'group-has-[input:focus-visible]:outline-3 group-has-[input:focus-visible]:outline-offset-2 group-has-[input:focus-visible]:outline-blue-700 group-has-[input:focus-visible]:outline-solid ' +
	'group-data-invalid:border-red-700 group-has-[input:disabled]:border-slate-300 group-has-[input:disabled]:bg-slate-100 ' +
	'forced-colors:border-[ButtonText] forced-colors:group-has-[input:checked]:bg-[Highlight]'

export interface CheckboxProps extends Omit<AriaCheckboxFieldProps, 'children'> {
	children: ReactNode
	description?: string
	errorMessage?: ErrorMessage
}

/**
 * A checkbox with its label. The HTML holds a real <input type="checkbox" name
 * value>, so it posts without JavaScript (nothing at all when unchecked).
 */
export function Checkbox({ children, description, errorMessage, className, ...props }: CheckboxProps) {
	return (
		<AriaCheckboxField
			validationBehavior="aria"
			{...props}
			className={composeRenderProps(className, (className) => `flex flex-col gap-1 ${className ?? ''}`)}
		>
			<AriaCheckboxButton className={(renderProps) => checkboxStyles(renderProps)}>
				<span className={boxClass}>
					<Icon icon={Check} className="size-4 stroke-3 opacity-0 group-has-[input:checked]:opacity-100" />
				</span>
				{children}
			</AriaCheckboxButton>
			{description ? <Description className="ms-7">{description}</Description> : null}
			<FieldError className="ms-7">{errorMessage}</FieldError>
		</AriaCheckboxField>
	)
}
