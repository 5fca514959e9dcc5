import type { MigrationObject } from '@mikro-orm/core'
import { Migration20261121211545 as M0 } from './Migration20261121211545.ts'
import { Migration20261121212720_auth as M1 } from './Migration20261121212720_auth.ts'
import { Migration20261122001838_student_recommendation_dismissed as M2 } from './Migration20261122001838_student_recommendation_dismissed.ts'
import { Migration20261122001900_import_queue as M3 } from './Migration20261122001900_import_queue.ts'
import { Migration20261122005632_transfer_snapshot as M4 } from './Migration20261122005632_transfer_snapshot.ts'
import { Migration20261122013207_import_impersonator as M5 } from './Migration20261122013207_import_impersonator.ts'
import { Migration20261122034652_student_name_order as M6 } from './Migration20261122034652_student_name_order.ts'
import { Migration20261124000622_school_switcher as M7 } from './Migration20261124000622_school_switcher.ts'
import { Migration20261124000743_membership_names as M8 } from './Migration20261124000743_membership_names.ts'
import { Migration20261124032439_removals_and_former_staff as M9 } from './Migration20261124032439_removals_and_former_staff.ts'
import { Migration20261125035924_audit_append_only as M10 } from './Migration20261125035924_audit_append_only.ts'
import { Migration20261125040852_student_tombstone as M11 } from './Migration20261125040852_student_tombstone.ts'
import { Migration20261127204913_data_export as M12 } from './Migration20261127204913_data_export.ts'
import { Migration20261127205305_retention as M13 } from './Migration20261127205305_retention.ts'
import { Migration20261127212211_plan_reviews as M14 } from './Migration20261127212211_plan_reviews.ts'
import { Migration20261127214947_review_measured_change as M15 } from './Migration20261127214947_review_measured_change.ts'
import { Migration20261129100154_pending_sign_in_redirect as M16 } from './Migration20261129100154_pending_sign_in_redirect.ts'
import { Migration20261129103451_review_digest_sent as M17 } from './Migration20261129103451_review_digest_sent.ts'

/**
 * The migrations, in order. Listed here (not discovered from the folder) so
 * that they travel inside the server build. Written by npm run migration:create.
 */
export const migrationsList: MigrationObject[] = [
	{ name: 'Migration20261121211545', class: M0 },
	{ name: 'Migration20261121212720_auth', class: M1 },
	{ name: 'Migration20261122001838_student_recommendation_dismissed', class: M2 },
	{ name: 'Migration20261122001900_import_queue', class: M3 },
	{ name: 'Migration20261122005632_transfer_snapshot', class: M4 },
	{ name: 'Migration20261122013207_import_impersonator', class: M5 },
	{ name: 'Migration20261122034652_student_name_order', class: M6 },
	{ name: 'Migration20261124000622_school_switcher', class: M7 },
	{ name: 'Migration20261124000743_membership_names', class: M8 },
	{ name: 'Migration20261124032439_removals_and_former_staff', class: M9 },
	{ name: 'Migration20261125035924_audit_append_only', class: M10 },
	{ name: 'Migration20261125040852_student_tombstone', class: M11 },
	{ name: 'Migration20261127204913_data_export', class: M12 },
	{ name: 'Migration20261127205305_retention', class: M13 },
	{ name: 'Migration20261127212211_plan_reviews', class: M14 },
	{ name: 'Migration20261127214947_review_measured_change', class: M15 },
	{ name: 'Migration20261129100154_pending_sign_in_redirect', class: M16 },
	{ name: 'Migration20261129103451_review_digest_sent', class: M17 },
]
