import { useNavigation } from 'react-router'
import { Button, type ButtonProps } from '#app/components/ui/Button.tsx'

/**
 * A submit button that shows the pending state while its form's submission is
 * in flight. With `intent`, it posts `intent=<value>` so one action can tell
 * several forms (or buttons) apart.
 */
export function SubmitButton({ intent, children, ...props }: ButtonProps & { intent?: string }) {
	const navigation = useNavigation()
	const pending =
		navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent)
	return (
		<Button type="submit" name={intent ? 'intent' : undefined} value={intent} isPending={pending} {...props}>
			{children}
		</Button>
	)
}
