import { type ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { PlainButton, type PlainButtonProps } from '#app/components/ui/PlainButton.tsx'
import { Spinner } from '#app/components/ui/Spinner.tsx'

/** SubmitButton on a PlainButton: for a page that has no other React Aria control (ADR 059). */
export function PlainSubmitButton({ intent, children, ...props }: Omit<PlainButtonProps, 'type' | 'name' | 'value'> & { intent?: string; children: ReactNode }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent)
	return (
		<PlainButton type="submit" name={intent ? 'intent' : undefined} value={intent} aria-busy={pending || undefined} {...props}>
			{pending ? <Spinner /> : null}
			{children}
		</PlainButton>
	)
}
