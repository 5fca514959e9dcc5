import { parseRichText } from './rich-text.ts'

/** Plain text shown as paragraphs with safe links (no HTML from the text is ever rendered). */
export function RichText({ text, className = '' }: { text: string; className?: string }) {
	return (
		<div className={`flex flex-col gap-2 ${className}`}>
			{parseRichText(text).map((paragraph, index) => (
				<p key={index}>
					{paragraph.map((piece, pieceIndex) =>
						piece.kind === 'link' ? (
							<a
								key={pieceIndex}
								href={piece.href}
								rel="noopener noreferrer"
								className="break-all text-brand underline underline-offset-2 hover:decoration-2"
							>
								{piece.text}
							</a>
						) : piece.kind === 'break' ? (
							<br key={pieceIndex} />
						) : (
							<span key={pieceIndex}>{piece.text}</span>
						),
					)}
				</p>
			))}
		</div>
	)
}
