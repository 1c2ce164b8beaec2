/**
 * The data model (docs/product/). Money is integer pence. Every enum has a CHECK
 * constraint built from the same list the code uses (src/shared/catalogue.ts).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigserial,
  bigint,
  foreignKey,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { INVOICE_KINDS, type InvoiceDetails, type InvoiceKind } from '@shared/invoices';
import {
  ADMIN_ROLES,
  COMPLETION_STATUSES,
  CONTACT_CATEGORIES,
  EMAIL_STATUSES,
  ERASURE_REQUEST_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_SOURCES,
  SUPPRESSION_SOURCES,
  type SuppressionSource,
  type EmailStatus,
  type RefundSource,
  type ErasureRequestStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@shared/statuses';
import { EMAIL_TEMPLATES, type EmailTemplate } from '@server/mail/message-types';
import { COURSE_TYPES, PAYMENT_TYPES } from '@shared/catalogue';
import { SETTING_KEYS } from '@shared/site-settings';

/** The owner's documents (table site_documents). */
export const SITE_DOCUMENT_KEYS = ['catalogue', 'content'] as const;
import { PROMO_TARGETS } from '@shared/promo';

/** A final piece waits for review, passed, or is to be submitted again. */
export const ASSESSMENT_STATUSES = ['pending', 'passed', 'resubmit'] as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * Binary data, sent as base64 text decoded by the database: PGlite encodes a binary parameter byte by
 * byte (15 s for 10 MB, against 1 s as base64). Read large values with `byteaBase64` for the same reason.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => sql`decode(${value.toString('base64')}, 'base64')`,
  fromDriver: (value) => Buffer.from(value),
});

/** Selects a bytea column as base64 text (decoded here): 10 MB read in 0.1 s instead of 1.5 s on PGlite. */
export const byteaBase64 = (column: AnyPgColumn) =>
  sql<string>`encode(${column}, 'base64')`.mapWith((value: string) => Buffer.from(value, 'base64'));

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'owner' | 'staff' (domain/actor.ts); admins made before roles existed are owners. */
    role: text('role', { enum: ADMIN_ROLES }).notNull().default('owner'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the admin last changed a sign-in factor (the password; two-factor on, off or reset; a recovery
     * code used): tokens issued before it are refused (plugins/auth.ts).
     */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set for an admin invited with a generated password: refused everywhere but `me`, the password change and logout until it is replaced. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('admins_username_lower_key').on(sql`lower(${t.username})`),
    check('admins_role_check', inList('role', ADMIN_ROLES)),
  ],
);

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    courseType: text('course_type').$type<(typeof COURSE_TYPES)[number]>(),
    courseStartDate: date('course_start_date', { mode: 'string' }),
    enrollmentPaid: boolean('enrollment_paid').notNull().default(false),
    coursePaid: boolean('course_paid').notNull().default(false),
    totalPaidPence: integer('total_paid_pence').notNull().default(0),
    completionStatus: text('completion_status')
      .$type<(typeof COMPLETION_STATUSES)[number]>()
      .notNull()
      .default('enrolled'),
    referralCode: text('referral_code'),
    referredBy: uuid('referred_by'),
    signupLocation: text('signup_location'),
    /** Said yes at step 1 to appearing in the recent sign-ups widget as first name and town (default no). */
    showInRecentSignups: boolean('show_in_recent_signups').notNull().default(false),
    /** Ticked at step 1: no reminders or broadcasts (the e-mails that are part of the service still go). */
    marketingOptOut: boolean('marketing_opt_out').notNull().default(false),
    /** The promo code the student applied in the order summary (charged at payment, counted then). */
    promoCode: text('promo_code').references((): AnyPgColumn => promoCodes.code, { onUpdate: 'cascade' }),
    /**
     * Until when an unpaid course selection holds the place in its cohort (COHORT_HOLD_MINUTES); a paid
     * course keeps the place whatever this says. Past: the place is free again (docs/product/enrolment.md).
     */
    courseHoldUntil: timestamp('course_hold_until', { withTimezone: true }),
    /**
     * When the student's progress last reached 100 % (cleared when a stage is unticked): the completion
     * date of the certificate they request (docs/decisions/035-course-calendar.md).
     */
    progressCompletedAt: timestamp('progress_completed_at', { withTimezone: true }),
    registrationDate: timestamp('registration_date', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('students_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('students_referral_code_key').on(t.referralCode),
    index('students_registration_date_idx').on(t.registrationDate.desc(), t.id),
    index('students_enrollment_paid_idx').on(t.enrollmentPaid, t.registrationDate.desc()),
    index('students_course_idx').on(t.courseType, t.coursePaid),
    index('students_status_idx').on(t.completionStatus),
    // Counts a cohort's students (capacity, the admin's Cohorts list) and finds the course emails due.
    index('students_course_start_date_idx').on(t.courseStartDate),
    index('students_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})) gin_trgm_ops`,
    ),
    check('students_course_type_check', sql`${t.courseType} is null or ${inList('course_type', COURSE_TYPES)}`),
    check('students_completion_status_check', inList('completion_status', COMPLETION_STATUSES)),
    check('students_total_paid_check', sql`${t.totalPaidPence} >= 0`),
    check('students_email_check', sql`position('@' in ${t.email}) > 1`),
    check('students_referral_code_check', sql`${t.referralCode} is null or ${t.referralCode} ~ '^VBR-[A-Z0-9]{6}$'`),
    foreignKey({ name: 'students_referred_by_fk', columns: [t.referredBy], foreignColumns: [t.id] }).onDelete(
      'set null',
    ),
    check('students_not_self_referred', sql`${t.referredBy} is null or ${t.referredBy} <> ${t.id}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Cleared when a student is deleted: money records stay (docs/product/admin.md). */
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    paymentType: text('payment_type').$type<(typeof PAYMENT_TYPES)[number]>().notNull(),
    courseType: text('course_type').$type<(typeof COURSE_TYPES)[number]>(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    method: text('method').$type<PaymentMethod>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    providerReference: text('provider_reference'),
    failureDetail: text('failure_detail'),
    description: text('description'),
    notes: text('notes'),
    recordedBy: uuid('recorded_by').references(() => admins.id, { onDelete: 'set null' }),
    /**
     * Completed, but what it bought no longer fitted the student when it completed (docs/decisions/010-money.md): the
     * money is recorded, nothing was applied twice, and an admin decides (usually a refund).
     */
    needsReview: boolean('needs_review').notNull().default(false),
    /**
     * The card token, kept only while the payment is pending so the reconciler can replay
     * CreatePayment with the same key and source (a used token charges nothing new); cleared when settled.
     */
    replaySourceId: text('replay_source_id'),
    ...timestamps,
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    /** The provider's refund id (card), or null for a manual reversal. */
    refundReference: text('refund_reference'),
    refundedBy: uuid('refunded_by').references(() => admins.id, { onDelete: 'set null' }),
    /**
     * How much of the payment has been given back (payment_refunds): the whole amount once `refunded`;
     * less on a `completed` payment refunded in part at Square (flagged needs_review). total_paid
     * counts a completed payment's amount minus this.
     */
    refundedPence: integer('refunded_pence').notNull().default(0),
    /** Who refunded it: an admin here, or Square (its dashboard, or a dispute lost). Null while nothing is refunded. */
    refundSource: text('refund_source').$type<RefundSource>(),
    /** Square's dispute (chargeback) of this payment, as its webhooks last reported it (docs/decisions/039). */
    disputeId: text('dispute_id'),
    disputeState: text('dispute_state'),
    disputeDueAt: timestamp('dispute_due_at', { withTimezone: true }),
    /** The dispute's `updated_at` at Square: an older event never overwrites a newer state. */
    disputeUpdatedAt: timestamp('dispute_updated_at', { withTimezone: true }),
    /** The terms of sale the student agreed to at checkout, asking for access at once (null for manual payments). */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The promo code this payment used; `amount_pence` is what was charged, after `discount_pence`. */
    promoCode: text('promo_code').references((): AnyPgColumn => promoCodes.code, { onUpdate: 'cascade' }),
    discountPence: integer('discount_pence').notNull().default(0),
    /**
     * The catalogue's prices of what it bought when it was created (the enrolment fee and the course, 0
     * for what it does not include): a payment in flight keeps its price when the catalogue changes,
     * and its invoice prints these lines. `amount_pence` + `discount_pence` is their sum at list price.
     */
    listFeePence: integer('list_fee_pence').notNull(),
    listCoursePence: integer('list_course_pence').notNull(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_key').on(t.idempotencyKey),
    index('payments_provider_reference_idx').on(t.providerReference),
    index('payments_dispute_idx').on(t.disputeState),
    check('payments_refunded_pence_check', sql`${t.refundedPence} between 0 and ${t.amountPence}`),
    check('payments_refund_source_check', sql`${t.refundSource} is null or ${inList('refund_source', REFUND_SOURCES)}`),
    index('payments_student_idx').on(t.studentId),
    index('payments_status_completed_idx').on(t.status, t.completedAt),
    check('payments_type_check', inList('payment_type', PAYMENT_TYPES)),
    check('payments_course_type_check', sql`${t.courseType} is null or ${inList('course_type', COURSE_TYPES)}`),
    check('payments_amount_check', sql`${t.amountPence} > 0`),
    check('payments_currency_check', sql`${t.currency} = 'GBP'`),
    index('payments_created_idx').on(t.createdAt.desc()),
    check('payments_status_check', inList('status', PAYMENT_STATUSES)),
    check('payments_method_check', inList('method', PAYMENT_METHODS)),
    check(
      'payments_completed_at_check',
      sql`(${t.status} in ('completed', 'refunded')) = (${t.completedAt} is not null)`,
    ),
    check('payments_refunded_at_check', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
    check('payments_discount_check', sql`${t.discountPence} >= 0`),
    check('payments_list_prices_check', sql`${t.listFeePence} >= 0 and ${t.listCoursePence} >= 0`),
  ],
);

/**
 * SQUARE_ENVIRONMENT=offline: what the offline provider charged and refunded, written before it
 * answers, so the reconciler can ask it about a payment left pending by a crash (docs/decisions/010-money.md).
 */
export const offlineProviderLedger = pgTable(
  'offline_provider_ledger',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    kind: text('kind').$type<'payment' | 'refund'>().notNull(),
    outcome: text('outcome').$type<'completed' | 'declined'>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    providerReference: text('provider_reference'),
    detail: text('detail'),
    ...timestamps,
  },
  () => [
    check('offline_provider_ledger_kind_check', inList('kind', ['payment', 'refund'])),
    check('offline_provider_ledger_outcome_check', inList('outcome', ['completed', 'declined'])),
  ],
);

/**
 * Every refund recorded against a payment, by its reference (Square's refund id, the offline
 * provider's, or `dispute-<id>` for a dispute lost), so a refund reported again (by another webhook
 * event, or made here and then reported by Square) is recorded once.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    refundReference: text('refund_reference').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    source: text('source').$type<RefundSource>().notNull(),
    ...timestamps,
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_amount_check', sql`${t.amountPence} > 0`),
    check('payment_refunds_source_check', inList('source', REFUND_SOURCES)),
  ],
);

/** Square webhook events already handled, by Square's event_id: a replay changes nothing. */
export const squareWebhookEvents = pgTable('square_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per completed stage; marking a stage incomplete deletes its row. */
export const stageProgress = pgTable(
  'stage_progress',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    stageNumber: integer('stage_number').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.stageNumber] }),
    check('stage_progress_stage_check', sql`${t.stageNumber} between 1 and 9`),
  ],
);

/**
 * A student's identity verification. No row means `not_required`; `required` has no document yet.
 * One row per student: a re-upload after rejection replaces the document.
 */
export const idVerifications = pgTable(
  'id_verifications',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: text('status').$type<'required' | 'pending' | 'approved' | 'rejected'>().notNull(),
    /**
     * File name (in DATA_DIR/uploads) of a document uploaded before documents moved into the database
     * (id_documents); moved in at start, then cleared (src/server/domain/id-verification/import-disk-id-documents.ts).
     */
    documentKey: text('document_key'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    /** When the retention job deleted the decided document's image (ID_DOCUMENT_RETENTION_DAYS after review). */
    documentDeletedAt: timestamp('document_deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('id_verifications_status_idx').on(t.status, t.uploadedAt),
    index('id_verifications_reviewed_idx').on(t.reviewedAt),
    check('id_verifications_status_check', inList('status', ['required', 'pending', 'approved', 'rejected'])),
    check(
      'id_verifications_content_type_check',
      sql`${t.contentType} is null or ${inList('content_type', ['image/jpeg', 'image/png', 'application/pdf'])}`,
    ),
    check('id_verifications_size_check', sql`${t.sizeBytes} is null or ${t.sizeBytes} between 1 and 10485760`),
    check('id_verifications_uploaded_check', sql`${t.status} = 'required' or ${t.uploadedAt} is not null`),
    check('id_verifications_rejection_check', sql`${t.status} <> 'rejected' or ${t.rejectionReason} is not null`),
  ],
);

/**
 * The image of a student's ID document, AES-256-GCM encrypted (src/server/crypto/private-data-keys.ts):
 * the ciphertext, its 12-byte nonce and 16-byte tag, and the id of the key. One per verification row;
 * deleted with it (and so with the student), replaced by a re-upload, deleted by the retention job.
 */
export const idDocuments = pgTable(
  'id_documents',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => idVerifications.studentId, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    nonce: bytea('nonce').notNull(),
    authTag: bytea('auth_tag').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    ...timestamps,
  },
  (t) => [
    index('id_documents_key_idx').on(t.keyId),
    check('id_documents_nonce_check', sql`octet_length(${t.nonce}) = 12`),
    check('id_documents_auth_tag_check', sql`octet_length(${t.authTag}) = 16`),
    check('id_documents_size_check', sql`octet_length(${t.ciphertext}) between 1 and 10485760`),
  ],
);

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    certificateId: text('certificate_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseType: text('course_type').$type<(typeof COURSE_TYPES)[number]>().notNull(),
    completionDate: date('completion_date', { mode: 'string' }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    activatedBy: uuid('activated_by').references(() => admins.id, { onDelete: 'set null' }),
    /** Set while the certificate is revoked (by an owner, a full refund or a lost dispute); cleared on reinstatement. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => admins.id, { onDelete: 'set null' }),
    /** Why (for the admin area and the audit log only: never shown publicly). */
    revocationReason: text('revocation_reason'),
    /** The certificate's bit in the credential status lists (list = index / list size), given once. */
    statusIndex: integer('status_index').generatedAlwaysAsIdentity({ startWith: 0, minValue: 0 }),
  },
  (t) => [
    uniqueIndex('certificates_certificate_id_key').on(t.certificateId),
    uniqueIndex('certificates_status_index_key').on(t.statusIndex),
    check('certificates_revocation_check', sql`(${t.revokedAt} is null) = (${t.revocationReason} is null)`),
    uniqueIndex('certificates_student_key').on(t.studentId),
    index('certificates_requested_idx').on(t.requestedAt.desc()),
    check('certificates_course_type_check', inList('course_type', COURSE_TYPES)),
    check('certificates_id_format_check', sql`${t.certificateId} ~ '^VBR-[A-Z0-9]{10}$'`),
  ],
);

/**
 * A student's final piece (setting final_assessment_required): a file, AES-256-GCM encrypted like ID
 * documents (src/server/crypto/private-data-keys.ts), or a link with a note. A resubmission is a new
 * row; the newest row is the one that counts.
 */
export const assessmentSubmissions = pgTable(
  'assessment_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    status: text('status').$type<(typeof ASSESSMENT_STATUSES)[number]>().notNull().default('pending'),
    url: text('url'),
    note: text('note'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    keyId: text('key_id'),
    nonce: bytea('nonce'),
    authTag: bytea('auth_tag'),
    ciphertext: bytea('ciphertext'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    feedback: text('feedback'),
  },
  (t) => [
    index('assessment_submissions_student_idx').on(t.studentId, t.submittedAt.desc()),
    index('assessment_submissions_status_idx').on(t.status, t.submittedAt),
    check('assessment_submissions_status_check', inList('status', ASSESSMENT_STATUSES)),
    check('assessment_submissions_kind_check', sql`(${t.url} is null) <> (${t.ciphertext} is null)`),
    check('assessment_submissions_size_check', sql`${t.sizeBytes} is null or ${t.sizeBytes} between 1 and 26214400`),
    check('assessment_submissions_reviewed_check', sql`(${t.status} = 'pending') = (${t.reviewedAt} is null)`),
  ],
);

/**
 * The public keys that signed credentials (Open Badges): the key in force is added at start, and a
 * rotated-out key stays here, so credentials it signed still verify against /.well-known/jwks.json.
 */
export const credentialSigningKeys = pgTable('credential_signing_keys', {
  kid: text('kid').primaryKey(),
  /** The public JWK (Ed25519 OKP: kty, crv, x). */
  publicJwk: jsonb('public_jwk').$type<{ kty: string; crv: string; x: string }>().notNull(),
  ...timestamps,
});

/** Admin tokens revoked before they expire (logout). Rows past expires_at can be purged. */
export const adminTokenRevocations = pgTable(
  'admin_token_revocations',
  {
    jti: text('jti').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_token_revocations_expires_idx').on(t.expiresAt)],
);

/**
 * An admin's TOTP two-factor secret (docs/product/admin.md#two-factor-sign-in), encrypted like an ID
 * document (AES-256-GCM with ID_DOCUMENT_KEY, the admin's id as additional data). `enabled_at` is null
 * while set up but not yet confirmed with a first code. `last_used_step` is the 30-second time step of
 * the last accepted code: a code is accepted only for a later step, decided in one UPDATE, so a code
 * is never accepted twice, whichever process sees it.
 */
export const adminTotp = pgTable(
  'admin_totp',
  {
    adminId: uuid('admin_id')
      .primaryKey()
      .references(() => admins.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    nonce: bytea('nonce').notNull(),
    authTag: bytea('auth_tag').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    check('admin_totp_nonce_check', sql`octet_length(${t.nonce}) = 12`),
    check('admin_totp_auth_tag_check', sql`octet_length(${t.authTag}) = 16`),
  ],
);

/** Single-use recovery codes for an admin with two-factor sign-in: SHA-256 of the code, used once. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('admin_recovery_codes_admin_hash_key').on(t.adminId, t.codeHash)],
);

/**
 * Throttle attempts counted in the database when Redis is not configured (auth/login-throttle.ts
 * `DatabaseAttemptCounter`): one row per attempt, so every process on the database sees the same counts.
 */
export const throttleAttempts = pgTable(
  'throttle_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_attempts_key_at_idx').on(t.key, t.at), index('throttle_attempts_at_idx').on(t.at)],
);

/** Student tokens revoked before they expire (logout). Rows past expires_at can be purged. */
export const studentTokenRevocations = pgTable(
  'student_token_revocations',
  {
    jti: text('jti').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_token_revocations_expires_idx').on(t.expiresAt)],
);

/**
 * The sign-in code a student asked for (STUDENT_LOGIN=code): one per student, so a newer code
 * replaces the older one. Only an HMAC of the code is stored; the row is deleted when used.
 */
export const studentLoginCodes = pgTable('student_login_codes', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    category: text('category').notNull().default('other'),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    check('contact_messages_category_check', inList('category', CONTACT_CATEGORIES)),
    check('contact_messages_length_check', sql`length(${t.message}) between 1 and 5000`),
  ],
);

/** An owner's or staff member's answer to a contact message, e-mailed to the sender (template contact-reply). */
export const contactMessageReplies = pgTable(
  'contact_message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [
    index('contact_message_replies_message_idx').on(t.messageId, t.createdAt),
    check('contact_message_replies_body_check', sql`length(${t.body}) between 1 and 5000`),
  ],
);

/** Who did what to which student, when (docs/product/admin.md). Kept when the student is deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    /** No foreign key: the entry outlives a deleted student. */
    studentId: uuid('student_id'),
    /** The student's name at the time, except after deletion (then cleared with the personal data). */
    studentName: text('student_name'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_student_idx').on(t.studentId)],
);

/**
 * The email outbox (docs/decisions/011-email.md): written in the transaction of the event that causes the
 * email, sent afterwards by a worker with retries. Deleting a student deletes their emails.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').$type<EmailTemplate>().notNull(),
    toAddress: text('to_address').notNull(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set for an email that must exist at most once (the course emails: template, student and start
     * date): a second insert with the same key does nothing, whichever process makes it.
     */
    dedupeKey: text('dedupe_key'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    // Counts a broadcast's or a reminder's e-mails by their keys' prefix (`broadcast:{id}:%`).
    index('email_outbox_dedupe_prefix_idx')
      .on(sql`${t.dedupeKey} text_pattern_ops`)
      .where(sql`${t.dedupeKey} is not null`),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt.desc()),
    index('email_outbox_student_idx').on(t.studentId),
    check('email_outbox_template_check', inList('template', EMAIL_TEMPLATES)),
    check('email_outbox_status_check', inList('status', EMAIL_STATUSES)),
    check('email_outbox_sent_check', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
  ],
);

/**
 * Addresses that get no non-transactional e-mail (reminders, broadcasts: mail/marketing.ts); receipts,
 * sign-in codes and course e-mails still go. Kept lower-cased, so one row stands for every spelling.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    email: text('email').primaryKey(),
    source: text('source').$type<SuppressionSource>().notNull(),
    ...timestamps,
  },
  (t) => [
    index('email_suppressions_created_idx').on(t.createdAt.desc()),
    check('email_suppressions_source_check', inList('source', SUPPRESSION_SOURCES)),
    check('email_suppressions_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Who a broadcast goes to; every field narrows it (none: every student). */
export interface BroadcastSegment {
  course?: (typeof COURSE_TYPES)[number];
  /** ISO date: the students of that start date. */
  start_date?: string;
  /** True: the enrolment fee is paid; false: not (a registration without payment). */
  paid?: boolean;
}

/**
 * An owner's e-mail to a segment of students (template broadcast). `recipients` is the count when it
 * was written; `queued` and `skipped` (suppressed or opted out) are set by the one send it allows.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    segment: jsonb('segment').$type<BroadcastSegment>().notNull(),
    recipients: integer('recipients').notNull(),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdByUsername: text('created_by_username').notNull(),
    ...timestamps,
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentByUsername: text('sent_by_username'),
    queued: integer('queued'),
    skipped: integer('skipped'),
  },
  (t) => [
    index('broadcasts_created_idx').on(t.createdAt.desc()),
    check('broadcasts_subject_check', sql`length(${t.subject}) between 1 and 200`),
    check('broadcasts_body_check', sql`length(${t.body}) between 1 and 20000`),
  ],
);

/**
 * The school's settings an owner saved in the admin area (src/shared/site-settings.ts); a setting
 * without a row takes its default from the environment. Read on every use, so a save applies at once
 * on every process.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    key: text('key').$type<(typeof SETTING_KEYS)[number]>().primaryKey(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('site_settings_key_check', inList('key', SETTING_KEYS)),
    check('site_settings_value_check', sql`length(${t.value}) between 1 and 500`),
  ],
);

/**
 * The documents an owner edits that the public pages are rendered from: `catalogue` (what is sold and
 * for how much, src/shared/catalogue.ts) and `content` (the landing copy, claims, FAQ and
 * testimonials, src/shared/site-content.ts), each validated by its shared schema before it is saved.
 * No row: the seed in code. Read on every use.
 */
export const siteDocuments = pgTable(
  'site_documents',
  {
    key: text('key').$type<(typeof SITE_DOCUMENT_KEYS)[number]>().primaryKey(),
    document: jsonb('document').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  () => [check('site_documents_key_check', inList('key', SITE_DOCUMENT_KEYS))],
);

/**
 * A count raised whenever something the public pages are rendered from changes: a trigger on
 * site_settings and site_documents (migrations 0018, 0019) raises it in the same transaction as the save. Each process reads
 * it every PAGES_CHECK_MS and renders its pages again when it moved (plugins/live-pages.ts). One row.
 */
export const publicPagesVersion = pgTable(
  'public_pages_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('public_pages_version_one_row', sql`${t.id} = 1`)],
);

/**
 * The course start dates an owner offers (docs/product/enrolment.md). No rows at all: the
 * every-two-months rule (src/shared/schedule.ts) gives the dates. A student's place is their
 * `students.course_start_date`; capacity null means no limit.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    courseStartDate: date('course_start_date', { mode: 'string' }).primaryKey(),
    capacity: integer('capacity'),
    closed: boolean('closed').notNull().default(false),
    ...timestamps,
  },
  (t) => [check('cohorts_capacity_check', sql`${t.capacity} is null or ${t.capacity} between 1 and 100000`)],
);

/**
 * Visitors waiting for a place in a full cohort, first come first served. When a place frees, the first
 * not yet offered one gets e-mail `waitlist-place` and the place is held for their address until
 * `offer_expires_at` (WAITLIST_HOLD_HOURS).
 */
export const cohortWaitlist = pgTable(
  'cohort_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseStartDate: date('course_start_date', { mode: 'string' })
      .notNull()
      .references(() => cohorts.courseStartDate, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cohort_waitlist_date_email_key').on(t.courseStartDate, sql`lower(${t.email})`),
    index('cohort_waitlist_date_joined_idx').on(t.courseStartDate, t.joinedAt),
    check('cohort_waitlist_offer_check', sql`(${t.offeredAt} is null) = (${t.offerExpiresAt} is null)`),
  ],
);

/**
 * One-time sign-in links sent in e-mails that invite a student to their dashboard (30 minutes). Only a
 * hash of the link's secret is stored; `used_at` is set by the one sign-in it allows.
 */
export const studentLoginLinks = pgTable(
  'student_login_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('student_login_links_student_idx').on(t.studentId),
    index('student_login_links_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A student's request to have their account erased (UK GDPR right to erasure): listed for the owners,
 * who carry it out or refuse it with a reason. The row outlives the student (no foreign key, like the
 * audit log) and holds no personal data: the name and address are read from the student while they exist.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').notNull(),
    status: text('status').$type<ErasureRequestStatus>().notNull().default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    refusalReason: text('refusal_reason'),
  },
  (t) => [
    index('erasure_requests_requested_idx').on(t.requestedAt.desc()),
    // At most one open request per student: asking again answers the open one.
    uniqueIndex('erasure_requests_open_key')
      .on(t.studentId)
      .where(sql`${t.status} = 'requested'`),
    check('erasure_requests_status_check', inList('status', ERASURE_REQUEST_STATUSES)),
    check('erasure_requests_decided_check', sql`(${t.status} = 'requested') = (${t.decidedAt} is null)`),
    check('erasure_requests_refusal_check', sql`(${t.status} = 'refused') = (${t.refusalReason} is not null)`),
  ],
);

export type Student = typeof students.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Admin = typeof admins.$inferSelect;
export type IdVerification = typeof idVerifications.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type Cohort = typeof cohorts.$inferSelect;
export type CohortWaitlistEntry = typeof cohortWaitlist.$inferSelect;
export type ErasureRequest = typeof erasureRequests.$inferSelect;
export type Broadcast = typeof broadcasts.$inferSelect;
export type ContactMessageReply = typeof contactMessageReplies.$inferSelect;
export type EmailSuppression = typeof emailSuppressions.$inferSelect;

/**
 * A discount an owner offers: a percentage or a fixed amount off the fee, the course or both. Stopped,
 * never deleted (payments name it). `redemptions` counts completed or in-flight payments that used it,
 * raised in the payment's own transaction so a race for the last use lets exactly `max_redemptions` through.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    percentOff: integer('percent_off'),
    amountOffPence: integer('amount_off_pence'),
    appliesTo: text('applies_to').$type<(typeof PROMO_TARGETS)[number]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('promo_codes_code_check', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'`),
    check(
      'promo_codes_discount_check',
      sql`(${t.percentOff} is null) <> (${t.amountOffPence} is null) and (${t.percentOff} is null or ${t.percentOff} between 1 and 100) and (${t.amountOffPence} is null or ${t.amountOffPence} > 0)`,
    ),
    check('promo_codes_applies_to_check', inList('applies_to', PROMO_TARGETS)),
    check(
      'promo_codes_redemptions_check',
      sql`${t.redemptions} >= 0 and (${t.maxRedemptions} is null or (${t.maxRedemptions} > 0 and ${t.redemptions} <= ${t.maxRedemptions}))`,
    ),
  ],
);

/**
 * The next number of each invoice series (invoice, credit note) per calendar year. Raised by one
 * upsert in the transaction that issues the document, which holds the row until it commits: a
 * rolled-back payment gives its number back, so numbers have no gap and no duplicate.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind').$type<InvoiceKind>().notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check('invoice_counters_kind_check', inList('kind', INVOICE_KINDS)),
  ],
);

/**
 * An issued invoice or credit note (docs/product/payments.md#invoices). What it says is fixed when it
 * is issued (seller, buyer, items, totals), so a later change of settings or prices never rewrites
 * one; the PDF is drawn from this row. Never deleted: the books keep it. An erased student's name
 * and e-mail are cleared from it (erase-student.ts).
 */
export const invoices = pgTable(
  'invoices',
  {
    number: text('number').primaryKey(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Positive: what the invoice charged, or what the credit note gives back. */
    totalPence: integer('total_pence').notNull(),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    /** The seller, items and discount as printed (InvoiceDetails). */
    details: jsonb('details').$type<InvoiceDetails>().notNull(),
    /** A credit note's invoice. */
    creditsInvoice: text('credits_invoice').references((): AnyPgColumn => invoices.number),
  },
  (t) => [
    uniqueIndex('invoices_series_key').on(t.kind, t.year, t.sequence),
    index('invoices_payment_idx').on(t.paymentId),
    index('invoices_student_idx').on(t.studentId),
    check('invoices_kind_check', inList('kind', INVOICE_KINDS)),
    check('invoices_total_check', sql`${t.totalPence} > 0`),
  ],
);
export type Invoice = typeof invoices.$inferSelect;
