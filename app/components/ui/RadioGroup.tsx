import { type ReactNode } from 'react'
import {
	Radio as AriaRadio,
	RadioGroup as AriaRadioGroup,
	composeRenderProps,
	type RadioGroupProps as AriaRadioGroupProps,
	type RadioProps as AriaRadioProps,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { FieldFrame, type FieldTextProps } from './Field.tsx'
import { composeTailwindRenderProps } from './utils.ts'

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'>, FieldTextProps {
	children: ReactNode
}

/** A group of radios with a label; each Radio is a real <input type="radio" name value>. */
export function RadioGroup({ label, description, errorMessage, className, children, ...props }: RadioGroupProps) {
	return (
		<AriaRadioGroup
			validationBehavior="aria"
			{...props}
			className={composeTailwindRenderProps(className, 'group flex flex-col gap-2')}
		>
			<FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
				<div className="flex gap-x-6 gap-y-2 group-data-[orientation=vertical]:flex-col group-data-[orientation=horizontal]:flex-wrap">
					{children}
				</div>
			</FieldFrame>
		</AriaRadioGroup>
	)
}

export const radioStyles = tv({
	base: 'group/radio flex w-fit items-center gap-2 text-base',
	variants: { isDisabled: { false: 'cursor-pointer text-slate-900', true: 'cursor-not-allowed text-slate-500' } },
})

// Styled from the native input's :checked and :focus-visible, so a choice shows
// before JavaScript has loaded.
const circleClass =
	'flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-600 bg-white ' +
	'after:size-2.5 after:rounded-full after:bg-brand after:opacity-0 ' +
	'group-has-[input:checked]/radio:border-brand group-has-[input:checked]/radio:after:opacity-100 ' +
	'group-has-[input:focus-visible]/radio:outline-3 group-has-[input:focus-visible]/radio:outline-offset-2 group-has-[input:focus-visible]/radio:outline-blue-700 group-has-[input:focus-visible]/radio:outline-solid ' +
	'group-data-invalid/radio:border-red-700 group-has-[input:disabled]/radio:border-slate-300 ' +
	'forced-colors:border-[ButtonText] forced-colors:after:bg-[Highlight]'

export interface RadioProps extends AriaRadioProps {
	children: ReactNode
}

export function Radio({ children, className, ...props }: RadioProps) {
	return (
		<AriaRadio
			{...props}
			className={composeRenderProps(className, (className, renderProps) => radioStyles({ ...renderProps, className }))}
		>
			<span className={circleClass} />
			{children}
		</AriaRadio>
	)
}
