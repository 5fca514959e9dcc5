import type { FieldMetadata } from '@conform-to/react'

/**
 * Conform's field state as the props of our TextField: id, name, the value to
 * show again after a failed post, and the error beside the field.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
export function textFieldProps(field: FieldMetadata<any, any, any>, options: { keepValue?: boolean } = { keepValue: true }) {
	const error = field.errors?.join(' ')
	return {
		id: field.id,
		name: field.name,
		defaultValue: options.keepValue && typeof field.initialValue === 'string' ? field.initialValue : undefined,
		errorMessage: error,
	}
}

/**
 * Conform's field state as the props of our Select: name, the option to show chosen (the posted or saved one, else
 * `fallback`), and the error beside the field.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
export function selectFieldProps(field: FieldMetadata<any, any, any>, fallback?: string) {
	const error = field.errors?.join(' ')
	return {
		name: field.name,
		defaultValue: typeof field.initialValue === 'string' && field.initialValue !== '' ? field.initialValue : fallback,
		errorMessage: error,
		isInvalid: Boolean(error),
	}
}
