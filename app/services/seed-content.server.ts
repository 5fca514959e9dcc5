/** The demo's own writing: themes, one questionnaire, recommendations and names. */

export const DEMO_PASSWORD = 'Spencer!2026'

export const THEMES = [
	{ name: 'Anxiety', description: 'Worry, fear and nervousness that get in the way of everyday life at school.' },
	{ name: 'Self-esteem', description: 'How the child sees and values themselves.' },
	{ name: 'Friendships', description: 'Making and keeping friends, and getting on with peers.' },
	{ name: 'Attention and focus', description: 'Staying with a task and filtering out distractions.' },
	{ name: 'Emotional regulation', description: 'Noticing strong feelings and bringing them back to calm.' },
	{ name: 'Communication', description: 'Understanding others and being understood.' },
	{ name: 'Resilience', description: 'Coping with setbacks and trying again.' },
	{ name: 'Belonging', description: 'Feeling part of the class and the school.' },
] as const

type ThemeName = (typeof THEMES)[number]['name']
type SeedQuestion = { text: string; theme: ThemeName; reverse?: boolean }

export const QUESTIONNAIRE = {
	title: 'Wellbeing and Needs Check',
	description:
		'A termly check of how a child is doing at school, answered by the adults who know them best. Think about the last four weeks.',
	domains: [
		{
			name: 'Emotional wellbeing',
			description: 'Mood, worry and how the child feels about themselves.',
			questions: [
				{ text: 'Seems worried or anxious', theme: 'Anxiety' },
				{ text: 'Appears sad or low in mood', theme: 'Resilience' },
				{ text: 'Speaks positively about themselves', theme: 'Self-esteem', reverse: true },
				{ text: 'Recovers quickly after a setback', theme: 'Resilience', reverse: true },
				{ text: 'Becomes upset by small changes to the routine', theme: 'Anxiety' },
			],
		},
		{
			name: 'Social relationships',
			description: 'Friendships and getting on with other children.',
			questions: [
				{ text: 'Plays or works happily alongside other children', theme: 'Friendships', reverse: true },
				{ text: 'Is left out or isolated by peers', theme: 'Friendships' },
				{ text: 'Has at least one friend they can rely on', theme: 'Friendships', reverse: true },
				{ text: 'Is involved in conflict with peers', theme: 'Emotional regulation' },
				{ text: 'Seems to feel part of the class', theme: 'Belonging', reverse: true },
			],
		},
		{
			name: 'Learning and engagement',
			description: 'Attention, effort and interest in learning.',
			questions: [
				{ text: 'Finds it hard to concentrate on a task', theme: 'Attention and focus' },
				{ text: 'Starts work without needing repeated prompts', theme: 'Attention and focus', reverse: true },
				{ text: 'Avoids tasks they find difficult', theme: 'Resilience' },
				{ text: 'Shows interest in their learning', theme: 'Belonging', reverse: true },
				{ text: 'Is easily distracted by what is around them', theme: 'Attention and focus' },
			],
		},
		{
			name: 'Behaviour and self-regulation',
			description: 'Managing feelings and behaviour in class and at play.',
			questions: [
				{ text: 'Loses their temper quickly', theme: 'Emotional regulation' },
				{ text: 'Calms down within a few minutes when upset', theme: 'Emotional regulation', reverse: true },
				{ text: 'Acts without thinking about the consequences', theme: 'Attention and focus' },
				{ text: 'Follows classroom routines', theme: 'Belonging', reverse: true },
				{ text: 'Shows frustration through their behaviour', theme: 'Emotional regulation' },
			],
		},
		{
			name: 'Communication',
			description: 'Understanding, expressing needs and talking to adults.',
			questions: [
				{ text: 'Asks an adult for help when they need it', theme: 'Communication', reverse: true },
				{ text: 'Struggles to put their feelings into words', theme: 'Communication' },
				{ text: 'Understands instructions given to the whole class', theme: 'Communication', reverse: true },
				{ text: 'Talks to a trusted adult about their worries', theme: 'Anxiety', reverse: true },
				{ text: 'Withdraws from speaking in front of others', theme: 'Self-esteem' },
			],
		},
	] satisfies { name: string; description: string; questions: SeedQuestion[] }[],
}

export const RECOMMENDATIONS: { title: string; theme: ThemeName; severity: 'medium' | 'high'; description: string }[] = [
	{
		title: 'Worry time',
		theme: 'Anxiety',
		severity: 'medium',
		description:
			'Agree a short, regular time each day when the child can share worries with a named adult.\n\nOutside that time, the child writes or draws a worry and posts it in a worry box to talk about later.',
	},
	{
		title: 'Referral to the school counsellor',
		theme: 'Anxiety',
		severity: 'high',
		description:
			'Discuss a referral with the child and their family. Share what you have noticed, with examples and dates.\n\nGuidance: https://www.annafreud.org/schools-and-colleges/',
	},
	{
		title: 'Strengths journal',
		theme: 'Self-esteem',
		severity: 'medium',
		description:
			'Once a week, the child and a trusted adult note one thing the child did well and why it mattered.\n\nRead the journal back together at the end of each half term.',
	},
	{
		title: 'Structured responsibility role',
		theme: 'Self-esteem',
		severity: 'high',
		description:
			'Give the child a visible job (library monitor, buddy for a younger pupil) with clear success criteria and regular praise.',
	},
	{
		title: 'Buddy system at break times',
		theme: 'Friendships',
		severity: 'medium',
		description:
			'Pair the child with a kind, socially confident peer for break and lunch, with a simple shared activity to start from.',
	},
	{
		title: 'Small-group social skills sessions',
		theme: 'Friendships',
		severity: 'high',
		description:
			'Weekly small-group sessions (four to six children) led by a trained adult: turn-taking, joining in, repairing after a falling-out.',
	},
	{
		title: 'Chunked tasks with a visual checklist',
		theme: 'Attention and focus',
		severity: 'medium',
		description:
			'Break work into short steps on a checklist the child ticks off. Seat them away from doors and windows.',
	},
	{
		title: 'Movement breaks',
		theme: 'Attention and focus',
		severity: 'high',
		description:
			'Plan two or three short movement breaks in each lesson, agreed in advance, with a discreet signal the child can use.',
	},
	{
		title: 'Calm corner and feelings check-ins',
		theme: 'Emotional regulation',
		severity: 'medium',
		description:
			'Set up a calm space with a timer. Check in on feelings at the start of the day using a simple scale.',
	},
	{
		title: 'Emotion coaching plan',
		theme: 'Emotional regulation',
		severity: 'high',
		description:
			'Adults who work with the child use emotion coaching: notice, name and validate the feeling, then set limits and solve the problem together.\n\nAgree the plan with the family so home and school respond the same way.',
	},
	{
		title: 'Visual timetable and key words',
		theme: 'Communication',
		severity: 'medium',
		description: 'Give instructions one step at a time, with key words and pictures on the board and on the desk.',
	},
	{
		title: 'Speech and language assessment',
		theme: 'Communication',
		severity: 'high',
		description:
			'Ask the speech and language therapy service for an assessment, with the family’s consent. Note examples of what the child understands and says.',
	},
	{
		title: 'Growth mindset language',
		theme: 'Resilience',
		severity: 'medium',
		description:
			'Praise effort and strategies rather than results. Model making mistakes and trying again, out loud.',
	},
	{
		title: 'Meet-and-greet at the start of the day',
		theme: 'Belonging',
		severity: 'medium',
		description: 'A named adult greets the child by name each morning and checks how they are.',
	},
]

export const FIRST_NAMES = [
	'Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Ivy', 'Leo',
	'Freya', 'Oscar', 'Lily', 'Harry', 'Sophia', 'Muhammad', 'Grace', 'Theo', 'Evie', 'Jack',
	'Poppy', 'Charlie', 'Ella', 'Finley', 'Rosie', 'Alfie', 'Zara', 'Archie', 'Maya', 'Henry',
	'Aisha', 'Jacob', 'Ruby', 'Kai', 'Layla', 'Ethan', 'Chloe', 'Reuben', 'Hana', 'Yusuf',
]
export const LAST_NAMES = [
	'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson',
	'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Khan', 'Clarke',
	'Hughes', 'Edwards', 'Lewis', 'Begum', 'Turner', 'Hill', 'Moore', 'Cooper', 'Ahmed', 'Ward',
]
