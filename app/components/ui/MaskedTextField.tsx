import { useLayoutEffect, useRef, useState } from 'react'
import { applyMask, caretAfterMask, type MaskKind, type MaskOptions } from '#app/lib/input-masks.ts'
import { TextField, type TextFieldProps } from './TextField.tsx'

export interface MaskedTextFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'inputRef'> {
	mask: MaskKind
	maskOptions?: MaskOptions
	onChange?: (value: string) => void
}

const INPUT_MODES = { digits: 'numeric', number: 'decimal', letters: 'text', alphanumeric: 'text' } as const

/**
 * A TextField that masks what is typed (digits, letters, alphanumerics, or a
 * locale number) and keeps the caret in place. Without JavaScript it is a
 * plain input with a fitting keyboard (inputMode); the server validates the
 * value either way.
 */
export function MaskedTextField({ mask, maskOptions, defaultValue = '', onChange, ...props }: MaskedTextFieldProps) {
	const [value, setValue] = useState(() => applyMask(mask, defaultValue, maskOptions))
	const inputRef = useRef<HTMLInputElement>(null)
	const caret = useRef<number | null>(null)
	// A keystroke the mask drops leaves the value unchanged; this still
	// re-renders so the caret is put back where it was.
	const [keystrokes, setKeystrokes] = useState(0)

	useLayoutEffect(() => {
		const input = inputRef.current
		if (caret.current === null || !input || document.activeElement !== input) return
		input.setSelectionRange(caret.current, caret.current)
		caret.current = null
	}, [value, keystrokes])

	return (
		<TextField
			inputMode={INPUT_MODES[mask]}
			{...props}
			inputRef={inputRef}
			value={value}
			onChange={(raw) => {
				const masked = applyMask(mask, raw, maskOptions)
				const at = inputRef.current?.selectionStart ?? raw.length
				caret.current = caretAfterMask(mask, raw, at, masked, maskOptions?.locale)
				setValue(masked)
				setKeystrokes((count) => count + 1)
				onChange?.(masked)
			}}
		/>
	)
}
