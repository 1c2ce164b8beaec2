/** Public area: domain values → wire shapes. */
import type { RecentSignup as RecentSignupWire } from '@shared/schemas/public';
import type { RecentSignup } from '@server/domain/reports/list-recent-signups';

export function toRecentSignup(signup: RecentSignup): RecentSignupWire {
  return {
    id: signup.publicId,
    first_name: signup.firstName,
    signup_location: signup.location,
    course_type: signup.course,
    signed_up_at: signup.signedUpAt.toISOString(),
  };
}
