import { Printer } from 'lucide-react'
import { Button } from '#app/components/ui/Button.tsx'
import { useHydrated } from '#app/components/ui/hydrated.ts'
import { Icon } from '#app/components/ui/Icon.tsx'

/** Opens the browser's print dialog; without JavaScript the browser's own Print does the same, so nothing shows. */
export function PrintButton() {
	const hydrated = useHydrated()
	if (!hydrated) return null
	return (
		<Button variant="secondary" onPress={() => window.print()} className="print:hidden">
			<Icon icon={Printer} className="size-4" />
			Print profile
		</Button>
	)
}
