import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { findStudentByEmail } from '../students/find-student';
import { one } from '@server/db/rows';

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  referralCode: string | null;
  /** Consent to appear in the recent sign-ups widget (first name and town) once paid. */
  showInRecentSignups: boolean;
  /** Kept only with the consent: without it the town has no use. */
  town: string | null;
  /** Ticked at step 1: no reminders or broadcasts. */
  marketingOptOut: boolean;
}

const isUniqueViolation = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
};

/**
 * Step 1 of the wizard. An email already registered (in any letter case) is a 400 that the client
 * turns into SPEC's message. A referral code that matches a student (case-insensitively) is recorded
 * as referred_by; an unknown one is not stored, so a typo never blocks an enrolment, but the answer
 * says so (`referralCodeStatus`), and the wizard tells the customer no discount was applied.
 */
export type ReferralCodeStatus = 'none' | 'applied' | 'unknown';

export async function registerStudent(
  db: Db,
  registration: Registration,
): Promise<{ student: Student; referralCodeStatus: ReferralCodeStatus }> {
  if (await findStudentByEmail(db, registration.email))
    throw new DomainError('invalid', messages.enrolment.emailAlreadyRegistered);
  let referredBy: string | null = null;
  if (registration.referralCode) {
    const [referrer] = await db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.referralCode, registration.referralCode.toUpperCase()))
      .limit(1);
    referredBy = referrer?.id ?? null;
  }
  try {
    const student = one(
      await db
        .insert(students)
        .values({
          firstName: registration.firstName,
          lastName: registration.lastName,
          email: registration.email,
          phone: registration.phone,
          referredBy,
          showInRecentSignups: registration.showInRecentSignups,
          signupLocation: registration.showInRecentSignups ? registration.town : null,
          marketingOptOut: registration.marketingOptOut,
        })
        .returning(),
    );
    const referralCodeStatus: ReferralCodeStatus = !registration.referralCode
      ? 'none'
      : referredBy
        ? 'applied'
        : 'unknown';
    return { student, referralCodeStatus };
  } catch (error) {
    // Two registrations with the same email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError('invalid', messages.enrolment.emailAlreadyRegistered);
    throw error;
  }
}
