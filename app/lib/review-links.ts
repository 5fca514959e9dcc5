/**
 * Where a plan entry's review is recorded (ADR 072): a plain URL, the same on the profile, in the printed profile's
 * list and in the weekly digest, so a review can be opened from paper or from an e-mail.
 */
export const reviewPath = (studentId: string, entryId: string) => `/students/profile/${studentId}/reviews/${entryId}`

/** How long after a review (or the adding) the next one falls by default: 6 weeks. */
export const REVIEW_INTERVAL_DAYS = 42
