import { useNavigation } from 'react-router'
import { Button, type ButtonProps } from '#app/components/ui/Button.tsx'
import { Spinner } from '#app/components/ui/Spinner.tsx'

/**
 * A submit button that shows a spinner while its form's submission is in
 * flight. With `intent`, it posts `intent=<value>` so one action can tell
 * several forms (or buttons) apart.
 *
 * React Aria's own `isPending` leaves hidden announcement nodes behind when a
 * submission navigates away (axe flags them), so the pending state here is a
 * spinner plus aria-busy on the button.
 */
export function SubmitButton({
	intent,
	children,
	...props
}: Omit<ButtonProps, 'isPending' | 'children'> & { intent?: string; children: React.ReactNode }) {
	const navigation = useNavigation()
	const pending =
		navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent)
	return (
		<Button type="submit" name={intent ? 'intent' : undefined} value={intent} aria-busy={pending || undefined} {...props}>
			{pending ? <Spinner /> : null}
			{children}
		</Button>
	)
}
