import { Printer } from 'lucide-react'
import { useHydrated } from '#app/components/ui/hydrated.ts'
import { Icon } from '#app/components/ui/Icon.tsx'
import { PlainButton } from '#app/components/ui/PlainButton.tsx'

/** Opens the browser's print dialog; without JavaScript the browser's own Print does the same, so nothing shows. */
export function PrintButton() {
	const hydrated = useHydrated()
	if (!hydrated) return null
	return (
		<PlainButton variant="secondary" onClick={() => window.print()} className="print:hidden">
			<Icon icon={Printer} className="size-4" />
			Print profile
		</PlainButton>
	)
}
