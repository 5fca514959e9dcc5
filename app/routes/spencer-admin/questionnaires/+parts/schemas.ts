import { z } from 'zod'
import { RECOMMENDATION_SEVERITIES } from '#app/models/enums.ts'

/** One zod schema per form, used by the action (parseWithZod) and by conform in the browser. */
const description = z.string().trim().max(5000, 'Keep the description to 5,000 characters.').optional()

export const QuestionnaireSchema = z.object({
	title: z.string({ error: 'Enter a title.' }).trim().min(1, 'Enter a title.').max(255, 'Keep the title to 255 characters.'),
	description,
})

/** A name and a description: the whole form of a domain and of a theme. */
export const NameDescriptionSchema = z.object({
	name: z.string({ error: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(255, 'Keep the name to 255 characters.'),
	description,
})
export const DomainSchema = NameDescriptionSchema

const questionText = z
	.string({ error: 'Enter the question.' })
	.trim()
	.min(1, 'Enter the question.')
	.max(1000, 'Keep the question to 1,000 characters.')

export const NO_THEME = 'none'

export const QuestionSchema = z.object({
	text: questionText,
	themeId: z.union([z.literal(NO_THEME), z.uuid()], { error: 'Choose a theme from the list.' }).optional(),
	reverse: z.boolean().optional(),
})

/** Once a questionnaire has profiles only a question's wording can change. */
export const QuestionTextSchema = z.object({ text: questionText })

export const ThemeSchema = NameDescriptionSchema

export const RecommendationSchema = z.object({
	title: z.string({ error: 'Enter a title.' }).trim().min(1, 'Enter a title.').max(255, 'Keep the title to 255 characters.'),
	description: z
		.string({ error: 'Enter a description.' })
		.trim()
		.min(1, 'Enter a description.')
		.max(10000, 'Keep the description to 10,000 characters.'),
	themeId: z.uuid({ error: 'Choose a theme.' }),
	severity: z.enum(RECOMMENDATION_SEVERITIES, { error: 'Choose the severity it applies from.' }),
})
