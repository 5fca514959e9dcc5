import { createContext, useContext, useRef, type ReactNode } from 'react'
import { mergeProps, useFocusRing, useHover, useRadio, VisuallyHidden } from 'react-aria'
import { RadioGroup as AriaRadioGroup, RadioGroupStateContext, type RadioGroupProps as AriaRadioGroupProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { FieldFrame, type FieldTextProps } from './Field.tsx'
import { useFocusWhenRefused } from './focus-when-refused.ts'
import { composeTailwindRenderProps } from './utils.ts'

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'>, FieldTextProps {
	children: ReactNode
	/** `false`: a group shown invalid for another reason than a refused post keeps its radios from the focus (ADR 103). */
	autoFocus?: boolean
}

/** Whether the radios of a refused group may take the focus as the page loads (RadioGroup's `autoFocus`). */
const GroupAutoFocus = createContext<boolean | undefined>(undefined)

/** A group of radios with a label; each Radio is a real <input type="radio" name value>. */
export function RadioGroup({ label, description, errorMessage, className, children, autoFocus, ...props }: RadioGroupProps) {
	return (
		<AriaRadioGroup
			validationBehavior="aria"
			{...props}
			className={composeTailwindRenderProps(className, 'group flex flex-col gap-2')}
		>
			<FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
				<div className="flex gap-x-6 gap-y-2 group-data-[orientation=vertical]:flex-col group-data-[orientation=horizontal]:flex-wrap">
					<GroupAutoFocus value={autoFocus}>{children}</GroupAutoFocus>
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

export interface RadioProps {
	value: string
	children: ReactNode
	isDisabled?: boolean
}

/**
 * One radio of a RadioGroup: a real <input type="radio" name value> in its label. Drawn here from React Aria's hooks
 * (the markup React Aria Components' own Radio draws) so that its input can carry `autofocus` in the server's HTML: a
 * group the server refused gives the focus to its first radio as the page loads (ADR 103), as any refused field does
 * (ADR 101). Every radio of the group carries it; the browser focuses the first.
 */
export function Radio({ children, ...props }: RadioProps) {
	const state = useContext(RadioGroupStateContext)
	if (!state) throw new Error('A Radio belongs in a RadioGroup')
	const inputRef = useRef<HTMLInputElement>(null)
	const { labelProps, inputProps, isSelected, isDisabled, isPressed } = useRadio({ ...props, children }, state, inputRef)
	const { isFocused, isFocusVisible, focusProps } = useFocusRing()
	const { hoverProps, isHovered } = useHover({ isDisabled: isDisabled || state.isReadOnly })
	const focus = useFocusWhenRefused(state.isInvalid, useContext(GroupAutoFocus))
	return (
		<label
			{...mergeProps(labelProps, hoverProps)}
			className={radioStyles({ isDisabled })}
			data-selected={isSelected || undefined}
			data-pressed={isPressed || undefined}
			data-hovered={isHovered || undefined}
			data-focused={isFocused || undefined}
			data-focus-visible={isFocusVisible || undefined}
			data-disabled={isDisabled || undefined}
			data-invalid={state.isInvalid || undefined}
			data-required={state.isRequired || undefined}
		>
			<VisuallyHidden elementType="span">
				<input {...mergeProps(inputProps, focusProps)} {...focus} ref={inputRef} />
			</VisuallyHidden>
			<span className={circleClass} />
			{children}
		</label>
	)
}
