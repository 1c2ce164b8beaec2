/**
 * Every user-facing text (the docs/product/ pages name them by key). Client toasts and server
 * `detail` messages both come from here so the wording has one source.
 */

import { plural } from './plural';

export const messages = {
  enrolment: {
    requiredFields: 'Please fill in all required fields',
    verificationWrong: 'Please complete the verification calculation correctly',
    courseAndDateRequired: 'Please select course type and start date',
    paymentFormNotInitialized: 'Payment form not initialized',
    courseDatesFailed: 'Failed to load course dates',
    emailAlreadyRegistered: 'Email already registered. Please use a different email.',
    /** Beside the SPEC text above: the way on for a customer who registered before and did not pay. */
    alreadyRegisteredResume: 'Already started your enrollment with this email? Sign in to pick up where you left off.',
    alreadyRegisteredSignIn: 'Sign in and resume',
    registrationFailed: 'Failed to create registration',
    /** A referral code that matches no student: the registration still goes ahead (docs/product/enrolment.md). */
    referralCodeUnknown: (code: string) =>
      `Referral code ${code} was not recognised, so it was not applied. Your registration went ahead as normal.`,
    invalidPhone: 'Please enter a valid phone number, e.g. 07400 123456 or +44 7400 123456',
    registrationCreated: 'Registration created successfully!',
    consentInvalid: 'Please tick the box or leave it empty',
    /** Step 1's consent to appear in the landing page's recent sign-ups (unticked unless the student ticks it). */
    signupConsent: {
      label: 'Show my first name and town in the "Recent sign-ups" list on this website once I have paid',
      hint: 'Optional. Only your first name and town are shown (e.g. "Sarah from Leeds"), never your surname or email. To change your mind later, write to support.',
      town: 'Town (optional)',
      townHint: 'Shown beside your first name. Left empty, we show "UK".',
    },
    /** Step 1's opt-out of reminders and news (PECR soft opt-in: offered where the address is collected). */
    marketingOptOut: {
      label: "Don't email me reminders or news",
      hint: 'We may send one reminder if you stop before paying, and occasional news about the course. Tick to get neither; you can also unsubscribe from any of them. Receipts and emails about your course always come.',
    },
    courseSelectionFailed: 'Failed to update course selection',
    courseSelectionUpdated: 'Course selection updated!',
    paymentInitFailed: 'Payment system initialization failed',
    cardTokenizationFailed: 'Card tokenization failed',
    paymentFailed: 'Payment failed. Please try again.',
    paymentSuccessful: 'Payment successful!',
    invalidEmail: 'Please enter a valid email address',
    fieldTooLong: 'Please keep each field shorter (names 100 characters, phone 30, referral code 20)',
    invalidStartDate: 'Please choose one of the listed start dates',
    courseAlreadyPaid: 'Your course has already been paid; please contact support to change it.',
    studentIdMismatch: 'student_id does not match this student',
    currencyNotSupported: 'Only payments in GBP are accepted',
    amountMismatch: (expected: string) =>
      `The amount does not match the price of this purchase (${expected}). Please reload the page and try again.`,
    /** The wizard, when create-payment answers 409 with today's amount: its summary now shows it. */
    priceChanged: (now: string) =>
      `The price has changed since this page opened: it is now ${now}, shown in your order summary. Nothing was charged; check it and pay again.`,
    paymentInProgress: 'A payment for this student is already being processed. Please wait a moment and check again.',
    paymentAlreadyFailed: 'This payment attempt was declined. Please start a new payment.',
    cardDeclined: 'Your card was declined. Please use a different card.',
    cardCvvRejected: "The card's security code (CVV) was not accepted. Please check it and try again.",
    cardPostcodeRejected: "The card's postcode did not match. Please check it and try again.",
    cardExpiryRejected: "The card's expiry date was not accepted. Please check it and try again.",
    cardNotRecognised: 'The card details could not be read. Please enter them again.',
    providerTimeout:
      'The payment provider did not answer in time. Please try again in a moment; retrying will not charge you twice.',
    providerError: 'The payment provider could not process the payment right now. Please try again in a moment.',
    unknownTestCard: "Use one of Square's sandbox test cards, e.g. 4111 1111 1111 1111",
    cardFieldsRequired: 'Please enter the card number, expiry date, security code and postcode',
    cardExpiryFormat: 'Enter the expiry date as MM/YY',
    idempotencyKeyReused: 'This idempotency key belongs to another payment. Please start a new payment.',
    enrolmentAlreadyPaid: 'The enrollment fee has already been paid for this student.',
    courseAlreadyPaidForStudent: 'The course has already been paid for this student.',
    selectCourseBeforePaying: 'Please select a course before paying for it.',
    payEnrolmentFirst: 'Please pay the enrollment fee first, or choose the Complete Package.',
    courseChangeWhilePaying:
      'A payment for your course is being processed, so the course cannot change right now. Please wait a moment and check again.',
    paymentNotTaken: 'This payment was not completed and your card was not charged. Please start a new payment.',
    amountTooPrecise: 'The amount must be in pounds with at most two decimals (e.g. 84.99).',
    /** Beside every all-in course price (fee + course) quoted to someone who has not paid the fee. */
    feeIncluded: (fee: string) => `includes the ${fee} enrollment fee`,
    /** Beside the all-in price, for a student who paid the fee before: what they pay for the course alone. */
    courseAloneAfterFee: (course: string) => `${course} if you have already paid the enrollment fee`,
    termsRequired:
      'Please tick the box to agree to the terms of sale and ask for your access to start now (you then lose the 14-day right to cancel).',
    /** Step 4's consent (Consumer Contracts Regulations 2013, reg. 36-37: an express request and an acknowledgement). */
    termsConsent: {
      before: 'Please read our ',
      link: 'Terms of Sale',
      newTab: '(opens in a new tab)',
      after: ' before you pay.',
      checkbox:
        'I agree to the Terms of Sale and I ask for access to my course to start straight away. I understand that once my access starts I lose my 14-day right to cancel.',
    },
    startDateClosed: 'This start date is no longer taking enrollments. Please choose another start date.',
    startDateFull: 'This start date has just filled up. Please choose another start date.',
    noStartDates: 'No start dates are open for enrollment right now. Please check again soon, or contact support.',
    placeLostBeforePayment:
      'Your hold on this start date ran out and the place has been taken. Nothing was charged. Please go back and choose another start date, or join its waitlist.',
    placesLeft: (n: number) => `${n} ${plural(n, { one: 'place', other: 'places' })} left`,
    dateFull: 'Full',
    placeHeldNote: (minutes: string) =>
      `Choosing a date holds your place for ${minutes} while you pay. A place is kept for good once the course is paid.`,
    waitlist: {
      join: 'Join the waitlist',
      joinFor: (date: string) => `Join the waitlist for ${date}`,
      intro: (date: string) =>
        `The course starting ${date} is full. Leave your name and email: if a place frees up, we email the first person in line and keep the place for them for a limited time.`,
      firstName: 'First name',
      email: 'Email',
      submit: 'Join the waitlist',
      cancel: 'Cancel',
      joined: (date: string, email: string) =>
        `You're on the waitlist for ${date}. If a place frees up we'll email ${email}.`,
      failed: 'Could not join the waitlist. Please try again.',
      firstNameRequired: 'Please enter your first name',
      emailInvalid: 'Please enter a valid email address',
    },
    waitlistDateNotFound: 'This start date is not open, so it has no waitlist.',
  },
  admin: {
    /** While the admin's role (which sections they have) is being read. */
    loading: 'Loading…',
    refundReasonRequired: 'A reason for the refund is required',
    /** Before Complete and certificate activation (docs/product/admin.md). */
    completionCheck: {
      loading: 'Loading progress and course dates…',
      loadFailed: 'Could not load the progress and course dates. Close and try again.',
      progress: 'Progress',
      noProgress: 'No progress recorded',
      starts: 'Course starts',
      ends: 'Course ends',
      graduation: 'Graduation',
      noDate: 'No start date chosen',
      notStarted: (date: string) => `The course has not started yet: it starts on ${date}.`,
      lastStageOpens: 'Last stage opens',
      completionDate: 'Completion date',
      lastStageNotOpen: (date: string) => `The last stage has not opened yet: it opens on ${date}.`,
      notEnded: (date: string) => `The course has not ended yet: it ends on ${date}.`,
      completedBeforeLastStage: (completed: string, opens: string) =>
        `The completion date (${completed}) is before the last stage opened (${opens}).`,
      incomplete: (percent: number) => `Progress is ${percent}%: not every stage is complete.`,
      acknowledge: 'I have checked this and want to continue anyway.',
      /** The server's 409 detail when the confirmation is missing. */
      needsConfirmation: (reasons: string[]) =>
        `${reasons.join(' ')} Confirm that you want to continue anyway (confirm_incomplete: true).`,
      completeTitle: 'Mark the course completed?',
      completeQuestion: (name: string) => `Mark ${name}'s course as completed?`,
      activateTitle: 'Activate this certificate?',
      activateQuestion: (name: string) => `Activate the certificate of ${name}? The student can then download it.`,
    },
    loginFieldsRequired: 'Please enter both username and password',
    ownersOnly: 'Only an owner admin can do this. Ask the school owner.',
    invalidCredentials: 'Invalid username or password',
    loginFailed: 'Login failed. Please try again.',
    loginSuccessful: 'Login successful!',
    tooManyLoginAttempts: (minutes: number) =>
      `Too many failed login attempts. Please try again in ${minutes} minutes.`,
    dashboardLoadFailed: 'Failed to load dashboard data',
    markPaidFailed: 'Failed to mark payment as received',
    markPaidSuccess: 'Payment marked as received',
    markPaidWhilePaying:
      'A card payment for this student is being processed. Wait for it to finish (see Payments) before recording a payment by hand.',
    deleteWhilePaying:
      'A card payment for this student is being processed. Wait for it to finish (see Payments) before deleting the student.',
    refundRejected: (why: string) => `The payment provider refused the refund (${why}). Nothing was changed.`,
    refundProviderUnavailable:
      'The payment provider could not be reached, so nothing was refunded. Please try again in a moment.',
    refundOnlyCompleted: 'Only a completed payment can be refunded.',
    refundSuccess: 'Payment refunded',
    refundFailed: 'Failed to refund the payment',
    paymentNotFound: 'Payment not found',
    paymentNotForReview: 'Only a completed payment flagged for review can be marked reviewed.',
    markReviewed: 'Mark reviewed',
    confirmMarkReviewed: (amount: string) =>
      `Mark this ${amount} payment as reviewed? A payment not made on this site then counts in revenue.`,
    markedReviewed: 'Payment marked reviewed',
    markReviewedFailed: 'Failed to mark the payment reviewed',
    /** Square webhooks (docs/deploy.md): what the route answers, and what it records. */
    squareWebhookNotConfigured: 'Not found',
    squareWebhookBadSignature: 'The Square signature is missing or does not match',
    squareWebhookBadEvent: 'The body is not a Square event',
    squarePaymentFailed: (status: string) => `Square reported the payment ${status}.`,
    refundedInSquare: 'Refunded in Square',
    disputeLost: (state: string) => `Dispute ${state.toLowerCase()} at Square`,
    unmatchedSquarePayment: 'Square payment not made on this site (needs review)',
    refundedElsewhere: 'Refunded in Square',
    partlyRefunded: (amount: string) => `${amount} refunded in Square`,
    disputedBadge: (state: string) => `Disputed: ${state.toLowerCase().replace(/_/g, ' ')}`,
    disputeDue: (date: string) => `Respond by ${date}`,
    /** A card payment's consent at checkout: the terms of sale version and when the box was ticked. */
    termsAccepted: (version: string, date: string) => `Terms v${version} accepted ${date}`,
    noPaymentsFound: 'No payments found matching your criteria.',
    confirmRefund: (amount: string, name: string) => `Refund ${amount} to ${name}? This cannot be undone.`,
    refundReasonNeeded: 'Type the reason to refund: it is kept with the payment and in the activity log.',
    nothingToMarkPaid: 'No payment can be recorded for this student yet.',
    idReviewFailed: (status: 'approved' | 'rejected') => `Failed to ${status} ID verification`,
    idReviewSuccess: (status: 'approved' | 'rejected') => `ID verification ${status} successfully!`,
    statusUpdateFailed: 'Failed to update student status',
    statusUpdated: 'Student status updated',
    completeFailed: 'Failed to update student status',
    completed: 'Student marked as completed',
    deleteFailed: 'Failed to delete student',
    deleted: 'Student deleted successfully',
    activateFailed: 'Failed to activate certificate',
    activated: 'Certificate activated successfully!',
    alreadyPaidEverything: (name: string) => `${name} has already paid for everything.`,
    confirmMarkFullyPaid: (name: string) => `Mark ${name} as fully paid (enrollment + course)?`,
    confirmMarkPaid: (kind: 'enrollment' | 'course', name: string) => `Mark ${kind} payment as received for ${name}?`,
    confirmDelete: (name: string) =>
      `Are you sure you want to permanently delete ${name}? This action cannot be undone.`,
    noStudentsFound: 'No students found matching your criteria.',
    noPendingIdVerifications: 'No pending ID verifications',
    noDecidedIdVerifications: 'No ID decisions yet',
    /** Instead of View ID once the retention job deleted a decided document's image. */
    idDocumentDeletedAfter: (days: number) =>
      days === 0
        ? 'Document deleted after the decision'
        : `Document deleted after ${days} ${plural(days, { one: 'day', other: 'days' })}`,
    rejectionReasonRequired: 'A rejection reason is required',
    studentNotFound: 'Student not found',
    completeNeedsCoursePaid: 'Only a student whose course is paid can be marked as completed.',
    messageNotFound: 'Message not found',
    replyBody: 'Please write a reply of up to 5000 characters.',
    invalidDate: 'Please enter a valid date (YYYY-MM-DD).',
    funnelRange: (maxWeeks: number) =>
      `Please choose a "from" date on or before the "to" date, at most ${maxWeeks} weeks apart.`,
    broadcastSubject: 'Please write a subject of up to 200 characters.',
    broadcastBody: 'Please write a message of up to 20,000 characters.',
    broadcastCourse: 'course must be foundation or pro',
    broadcastPaid: 'paid must be true or false',
    broadcastTestAddress: 'Please enter a valid email address for the test.',
    broadcastNotFound: 'Broadcast not found',
    broadcastAlreadySent: 'This broadcast has already been sent: write a new one to send again.',
    noProgressStudents: 'No students to show yet. Students must complete course payment to appear here.',
    noStudentsYet: 'No students yet.',
    noCertificates: 'No certificates have been requested yet.',
    noActivity: 'No admin activity yet.',
    noMessages: 'No support messages yet.',
    sessionExpired: 'Your session has ended. Please log in again.',
    loggedOut: 'You have been logged out.',
    exportFailed: 'Failed to export students',
    exportDone: (rows: number) => `Exported ${rows} students.`,
    listLoadFailed: 'Failed to load this list. Please try again.',
    rejectionReasonPrompt: 'Why is this ID rejected? The student will see this reason.',
    documentOpenFailed: 'Failed to open the ID document',
    markReadFailed: 'Failed to mark the message as read',
    emailNotFound: 'No email found with this id',
    noEmails: 'No emails have been sent yet',
    noEmailsFound: 'No emails found matching your criteria.',
    emailResent: 'The email will be sent again',
    emailResendFailed: 'Failed to send the email again',
    emailNotFailed: 'Only a failed email can be sent again (login codes are never resent).',
    settingsNothingToChange: 'Send at least one setting to change.',
    settingInvalidUrl: 'Please enter a full web address starting with http:// or https://',
    settingInvalidSwitch: 'Please choose on or off.',
    settingInvalidEmail: 'Please enter a valid email address',
    settingTooLong: 'Please keep each setting under 200 characters (web addresses 500).',
    settingCompanyNumber:
      'Please enter the 8-character company number from Companies House, e.g. 01234567 or SC123456.',
    settingVatNumber: 'Please enter a UK VAT number: GB and 9 digits (or 12), e.g. GB123456789.',
    settingVatRate: 'Please enter the VAT rate as a whole percentage from 0 to 99, e.g. 20.',
    settingAddressTooLong: 'Please keep the address to 300 characters.',
    settingCpdNumber:
      'Use up to 40 Latin letters, digits, spaces and - / . for the CPD number (it is printed on every certificate).',
    settingsSaved: 'Settings saved. They apply at once.',
    settingRestored: 'Default restored.',
    /** Settings' warnings: what students are promised but is not set, and what they see instead. */
    settingsWarnings: {
      heading: 'Students are promised things that are not set',
      courseLink: (course: string) =>
        `${course} course link is not set. ${course} students with an approved ID see "Your course link is not ready yet" on their dashboard, and the email on their start date carries no link.`,
      cpdNumber:
        'CPD provider number is not set. Certificates are issued without a CPD line, while the website calls the course CPD accredited.',
      supportEmail: (email: string) =>
        `Support email is not set. Students see the built-in address ${email} on the support page and in course emails.`,
      supportHours: (hours: string) =>
        `Support hours are not set. The support page shows the built-in hours: ${hours}.`,
      communityUrl: (url: string) =>
        `Community group link is not set. The support page, the enrollment confirmation and course emails link to the built-in group ${url}.`,
      sellerAddress:
        'Seller address is not set. Invoices sent with every payment carry no address for the seller, which an invoice must show.',
    },
    settingsSaveFailed: 'Failed to save the settings',
    settingsLoadFailed: 'Failed to load the settings. Please try again.',
    cohortNotFound: 'No course start date found on this date',
    cohortExists: 'This course start date already exists',
    cohortDateNotFuture: 'A course start date must be after today',
    cohortDateRequired: 'Please enter the start date as YYYY-MM-DD',
    cohortCapacityInvalid: 'Capacity must be a whole number from 1 to 100000, or empty for no limit',
    cohortNothingToChange: 'Send a capacity or closed to change.',
    cohortHasStudents: (students: number) =>
      `${students} ${plural(students, { one: 'student has', other: 'students have' })} chosen this start date, so it cannot be deleted. Close it instead.`,
    cohortAdded: 'Course start date added',
    cohortUpdated: 'Course start date updated',
    cohortDeleted: 'Course start date deleted',
    cohortSaveFailed: 'Failed to save the course start date',
    cohortPlaces: (taken: string, capacity: number | null) =>
      capacity === null ? `${taken} (no limit)` : `${taken} of ${capacity}`,
    cohortWaitlistTitle: (date: string) => `Waitlist for ${date}`,
    cohortWaitlistEmpty: 'Nobody is on the waitlist for this date.',
    cohortWaitlistFailed: 'Failed to load the waitlist. Please try again.',
    cohortWaitlistNote:
      'First in line first. When a place frees up, the next person not yet offered one is emailed and the place is kept for them for a limited time.',
    noCohorts:
      'No course start dates saved: the wizard offers the 1st of every other month (January, March, May…). Add a date to choose them yourself.',
    cohortDeleteConfirm: (date: string) => `Delete the start date ${date}? It is no longer offered in the wizard.`,
    /** Moving a student's course start date (Student Management). */
    startDate: {
      action: 'Start date',
      title: 'Change the course start date',
      label: 'New course start date',
      hint: 'Stages open for the student on this day. Any date may be chosen, also outside the intake schedule.',
      confirm: (name: string, date: string) => `Move ${name}'s course start date to ${date}?`,
      invalid: 'Please enter a valid date (YYYY-MM-DD).',
      whilePaying:
        'A card payment for this student is being processed. Wait for it to finish (see Payments) before changing the start date.',
      updated: 'Course start date updated',
      failed: 'Failed to change the course start date',
      cohortClosed: 'This start date is closed to new students. Only an owner can place a student in it.',
      cohortFull: 'This start date is full. Only an owner can place a student in it.',
    },
  },
  /** The admin area's Broadcasts and Funnel tabs and the replies under contact messages (docs/product/admin.md). */
  adminOutreach: {
    broadcastsTitle: 'Broadcasts',
    composeTitle: 'Write a broadcast',
    subjectLabel: 'Subject',
    bodyLabel: 'Message',
    bodyHint: 'Plain text. A blank line starts a new paragraph. Every copy ends with a one-click unsubscribe link.',
    segmentLegend: 'Who receives it',
    courseLabel: 'Course',
    anyCourse: 'Any course',
    startDateLabel: 'Course start date',
    startDateHint: 'Empty: any start date.',
    paidLabel: 'Enrolment fee',
    paidOptions: { any: 'Paid or not', paid: 'Fee paid', unpaid: 'Fee not paid' },
    audienceLoading: 'Counting the students…',
    audienceFailed: 'Could not count the students. Check the segment and try again.',
    audience: (recipients: number, suppressed: number) =>
      `${recipients.toLocaleString('en-GB')} ${plural(recipients, { one: 'student will', other: 'students will' })} receive it` +
      ` (${suppressed.toLocaleString('en-GB')} unsubscribed ${plural(suppressed, { one: 'is', other: 'are' })} skipped).`,
    previewTitle: 'Preview',
    previewEmpty: 'The subject and message appear here as you type.',
    previewGreeting: 'Hello {first name},',
    testLabel: 'Send a test to',
    testHint: 'One copy, its subject starting "[Test] ". It is not counted and is not sent again.',
    sendTest: 'Send a test',
    testSent: (to: string) => `A test copy is on its way to ${to}.`,
    testFailed: 'Failed to send the test',
    sendTo: (recipients: number) =>
      `Send to ${recipients.toLocaleString('en-GB')} ${plural(recipients, { one: 'student', other: 'students' })}`,
    nobodyToSend: 'Nobody in this segment would receive it.',
    confirmTitle: 'Send this broadcast?',
    confirmQuestion: (subject: string, recipients: number) =>
      `"${subject}" goes to ${recipients.toLocaleString('en-GB')} ${plural(recipients, { one: 'student', other: 'students' })} now. It cannot be called back, and it is sent only once.`,
    sent: (queued: number, skipped: number) =>
      `${queued.toLocaleString('en-GB')} ${plural(queued, { one: 'email', other: 'emails' })} queued` +
      (skipped > 0 ? `, ${skipped.toLocaleString('en-GB')} skipped (unsubscribed).` : '.'),
    sendFailed: 'Failed to send the broadcast',
    historyTitle: 'Sent and drafted broadcasts',
    historyEmpty: 'No broadcast yet.',
    notSent: 'Not sent',
    suppressionsTitle: 'Unsubscribed addresses',
    suppressionsNote:
      'Reminders and broadcasts are never sent to these addresses; receipts, sign-in codes and course emails still are.',
    suppressionsEmpty: 'Nobody has unsubscribed.',
    suppressionSources: { unsubscribe: 'Unsubscribed', admin: 'Added by an admin' } as Record<string, string>,
    repliesLabel: (count: number) => `${count} ${plural(count, { one: 'reply', other: 'replies' })}`,
    replyLabel: 'Your reply',
    replyHint: 'Sent by email to the sender, and kept under the message.',
    sendReply: 'Send reply',
    replySent: (email: string) => `Reply sent to ${email}.`,
    replyFailed: 'Failed to send the reply',
    funnelTitle: 'Enrolment funnel',
    funnelNote:
      'Students by the week they registered, and how far each has got by now: a student registered in a week counts at every stage they have reached since.',
    funnelFrom: 'From',
    funnelTo: 'To',
    funnelEmpty: 'Nobody registered in this range.',
    funnelShowing: (from: string, to: string) => `Registrations from ${from} to ${to}`,
    funnelStages: {
      registered: 'Registered',
      fee_paid: 'Fee paid',
      course_paid: 'Course paid',
      id_approved: 'ID approved',
      completed: 'Completed',
    },
    /** The stages as the object of "62% of …". */
    funnelStageObjects: {
      registered: 'those registered',
      fee_paid: 'those who paid the fee',
      course_paid: 'those who paid a course',
      id_approved: 'those with an approved ID',
      completed: 'those who completed',
    },
    /** Under each stage after the first: "62% of ID approved". */
    conversion: (percent: string, previous: string) => `${percent} of ${previous}`,
    overall: (percent: string) => `${percent} of all registered`,
    remindersTitle: 'Reminders',
    remindersSummary: (sent: number, recovered: number, revenue: string) =>
      `${sent.toLocaleString('en-GB')} ${plural(sent, { one: 'reminder', other: 'reminders' })} sent; ` +
      `${recovered.toLocaleString('en-GB')} ${plural(recovered, { one: 'student', other: 'students' })} paid after one (${revenue}).`,
  },
  /** The admin's Catalogue tab (docs/product/admin.md#catalogue). */
  catalogue: {
    feeInvalid: 'The enrollment fee must be an amount from £1.00 to £1,000.00',
    priceInvalid: 'A course price must be an amount from £1.00 to £10,000.00',
    titleInvalid: 'A course title is 1 to 80 characters',
    descriptionInvalid: 'A description is at most 300 characters',
    modulesInvalid: 'List 1 to 30 modules, each 1 to 120 characters, none twice',
    saved: 'Catalogue saved: the site shows it within seconds',
    unchanged: 'Nothing changed',
    saveFailed: 'Failed to save the catalogue',
  },
  /** The admin's Content tab (docs/product/admin.md#content). */
  content: {
    textInvalid: (field: string, max: number) => `${field} must be 1 to ${max} characters`,
    listInvalid: (field: string, min: number, max: number) => `${field}: give ${min} to ${max}`,
    unknownPlaceholder: (field: string, name: string) =>
      `${field} names {${name}}, which is not a placeholder: use one of those listed, or remove the braces`,
    youtubeIdInvalid: 'A YouTube video id is the 11 letters, digits, - or _ after "v=" in its address',
    saved: 'Content saved: the site shows it within seconds',
    saveFailed: "Failed to save the site's content",
  },
  /** Promo codes: the wizard's order summary and the admin's Promo Codes tab (docs/product/payments.md). */
  promo: {
    codeInvalid: 'A code is 3 to 32 letters, digits, - or _',
    discountInvalid: 'Give either a percentage from 1 to 100 or an amount off of at least £0.01',
    appliesToInvalid: 'Choose what the code takes money off: the fee, the course or both',
    expiryInvalid: 'The expiry must be a date and time in the future',
    maxRedemptionsInvalid: 'Maximum uses must be a whole number from 1 to 100000, or empty for no limit',
    exists: 'A promo code with this name already exists',
    notFound: 'No promo code found with this name',
    unknown: "This promo code isn't valid",
    expired: 'This promo code has expired',
    stopped: 'This promo code is no longer offered',
    notApplicable: "This promo code doesn't apply to what you are paying for",
    usedUp: 'This promo code has been used as many times as it allows',
    /** At payment: the code went (used up, expired or stopped) between the quote and the payment. */
    goneAtPayment: 'Your promo code can no longer be used, so nothing was charged. Remove it or try another.',
    tooLarge: 'This promo code would take the payment below £1.00, the smallest amount we can charge',
    applied: 'Promo code applied',
    removed: 'Promo code removed',
    created: 'Promo code created',
    stoppedToast: 'Promo code stopped',
    restartedToast: 'Promo code offered again',
  },
  adminSecurity: {
    totpRequired: 'Enter the 6-digit code from your authenticator app.',
    currentPasswordWrong: 'Your current password is not right.',
    currentPasswordRequired: 'Enter your current password.',
    passwordTooShort: (min: number) => `The new password must be at least ${min} characters.`,
    passwordUnchanged: 'Choose a new password that differs from the current one.',
    passwordsDiffer: 'The two new passwords are not the same.',
    passwordChanged: 'Password changed. Other devices signed in as you are signed out.',
    totpCodeWrong: 'That code is not right, or it was already used. Wait for the next code and try again.',
    recoveryCodeWrong: 'That recovery code is not right, or it was already used.',
    recoveryCodeRequired: 'Enter one of your recovery codes.',
    totpSetupRequired: 'Turn on two-factor sign-in (Security tab) before using the admin area.',
    totpAlreadyOn: 'Two-factor sign-in is already on.',
    totpNotSetUp: 'Start the two-factor set-up first.',
    totpNotOn: 'Two-factor sign-in is not on.',
    totpCodeFormat: 'Enter the 6-digit code from your authenticator app',
    totpEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
    totpDisabled: 'Two-factor sign-in is off.',
    totpSetupFailed: 'Could not start the two-factor set-up. Please try again.',
    totpChangeFailed: 'Could not change two-factor sign-in. Please try again.',
    recoveryCodesOnce: 'These recovery codes are shown only once. Each works once, instead of a code from the app.',
    lastOwner: 'At least one owner must remain: make another admin an owner first.',
    cannotRemoveSelf: 'You cannot remove your own account. Another owner can remove it.',
    tooManyTries: (minutes: number) => `Too many tries. Please try again in ${minutes} minutes.`,
    passwordChangeRequired:
      'Replace the password you were given with your own (Security tab) before using the admin area.',
    adminNotFound: 'No admin with this username',
    adminExists: 'An admin with this username already exists',
    usernameFormat: 'Username must be 3-64 letters, digits or . _ @ -',
    adminInvited: (username: string) => `Admin ${username} added. Give them the password below; it is shown only once.`,
    adminRoleChanged: (username: string) => `${username}'s role changed`,
    adminTotpReset: (username: string) => `Two-factor sign-in reset for ${username}`,
    adminRemoved: (username: string) => `Admin ${username} removed`,
    adminActionFailed: 'That did not work. Please try again.',
    confirmRemoveAdmin: (username: string) =>
      `Remove admin ${username}? They are signed out at once and can no longer sign in.`,
    confirmResetTotp: (username: string) =>
      `Reset two-factor sign-in for ${username}? They sign in with their password alone until they turn it on again.`,
    noAdmins: 'No admins yet.',
    passwordCopied: 'Password copied',
    copyFailed: 'Could not copy. Please select the text and copy it by hand.',
  },
  student: {
    /** Modules (what the pricing sells) vs stages (what the dashboard tracks). */
    modulesVsStages: (course: string, modules: number, stages: number) =>
      `Your ${course} has ${modules} modules: the lessons you study. The ${stages} stages below are the assessed milestones you tick off as you reach them; completing every stage earns your certificate.`,
    yourCourse: 'Your course',
    emailRequired: 'Please enter your email address',
    emailNotFound: 'Email not found. Please check your email or start a new enrollment.',
    loginFailed: 'Login failed. Please try again.',
    enrolmentUnpaid: 'Please complete your enrollment payment to access your dashboard.',
    welcomeBack: 'Welcome back! Accessing your student dashboard.',
    progressLoadFailed: 'Failed to load progress data',
    progressUpdateFailed: 'Failed to update progress',
    stageMarked: (stage: number, completed: boolean) =>
      `Stage ${stage} marked as ${completed ? 'complete' : 'incomplete'}!`,
    certificateRequestFailed: 'Failed to request certificate',
    certificateRequested: 'Certificate requested! Awaiting admin activation.',
    idUploadFailed: 'Failed to upload ID document',
    idUploaded: 'ID document uploaded successfully! Awaiting review.',
    idFileType: 'Please upload a JPG, PNG, or PDF file only',
    idFileSize: 'File size must be less than 10MB',
    referralCopied: 'Referral code copied!',
    loginRequired: 'Please log in to access your dashboard',
    dashboardUnavailable: 'Unable to Load Dashboard',
    idFileMissing: 'Please choose a file to upload',
    idAlreadyApproved: 'Your ID has already been approved.',
    idUnderReview: 'Your ID document is already under review.',
    idRejectedDefault: 'Your ID document could not be verified. Please upload a clear photo of a valid ID.',
    idLockedStages: 'Course stages unlock once your ID verification is approved.',
    progressNeedsCoursePaid: 'Stage tracking is available once your course is paid.',
    progressNeedsIdApproval: 'Stage tracking is locked until your ID verification is approved.',
    stageOutOfRange: (total: number) => `Stage number must be between 1 and ${total} for your course.`,
    studentIdMismatch: 'student_id does not match this student',
    certificateNeedsFullProgress: 'Please complete all course stages before requesting a certificate.',
    certificateAlreadyRequested: 'A certificate has already been requested for this course.',
    certificateCourseMismatch: 'This is not the course you are enrolled on.',
    idDocumentNotFound: 'No ID document found for this student',
    idAlreadyReviewed: 'This ID document has already been reviewed',
    referralCopyFailed: 'Could not copy the referral code. Please copy it by hand.',
    courseComplete: 'Congratulations! You have completed your course.',
    idUploadInterrupted: 'The upload was interrupted. Please try again.',
    codeSent: (email: string) => `We sent a 6-digit code to ${email}`,
    codeSentDetail: 'We sent you a 6-digit sign-in code by email. It is valid for 10 minutes.',
    codeLabel: '6-digit code',
    codeFormat: 'Please enter the 6-digit code from the email',
    codeWrong: 'That code is not right. Please check the email and try again.',
    codeExpired: 'This code has expired or was already used. Please ask for a new one.',
    codeTooManyTries: 'Too many wrong tries. Please ask for a new code.',
    tooManyCodeRequests: 'You have asked for several codes in a short time. Please wait a few minutes and try again.',
    codeLoginRequired: 'Please sign in with the code we send to your email.',
    verifyCode: 'Sign In',
    resendCode: 'Resend code',
    resendIn: (seconds: number) => `Resend code in ${seconds} s`,
    codeResent: 'We sent you a new code.',
    useAnotherEmail: 'Use another email',
    signedOut: 'You have been signed out.',
    /** The 401 of a sign-in link that is unknown, used or expired (docs/product/student-area.md). */
    loginLinkInvalid: (mode: 'code' | 'email') =>
      mode === 'code'
        ? 'This sign-in link has expired or was already used (a link works once, for 30 minutes). Please enter your email below and we will send you a sign-in code.'
        : 'This sign-in link has expired or was already used (a link works once, for 30 minutes). Please enter your email below to sign in.',
    loginLinkSigningIn: 'Signing you in…',
    /** A first visit to the dashboard (right after registering or paying) vs a later sign-in. */
    welcomeFirst: (name: string) => `Welcome, ${name}!`,
    welcomeAgain: (name: string) => `Welcome back, ${name}!`,
    /** The dashboard's note on refunded payments (amounts and dates as the site prints them). */
    refundsTitle: 'Refunds',
    refundLine: (description: string, refunded: string, paid: string, date: string, full: boolean) =>
      full
        ? `${description}: refunded in full (${refunded}) on ${date}.`
        : `${description}: ${refunded} of the ${paid} you paid was refunded on ${date}.`,
    refundEffect: (coursePaid: boolean, enrolmentPaid: boolean) =>
      coursePaid
        ? 'Your course is still paid for.'
        : enrolmentPaid
          ? 'Your course is no longer paid for: you can choose a course again below.'
          : 'Nothing is paid for now: you can enrol again below.',
    refundReachesCard: 'A card refund usually reaches your account within 5 to 10 working days.',
    /** The 409 detail of a stage update before the course start date (the date as the site prints it). */
    stagesOpenOn: (date: string) => `Your course starts on ${date}. Stages open on that day.`,
    /** The 409 detail of ticking a stage before the day it opens (docs/product/student-area.md, stage calendar). */
    stageOpensOn: (stage: number, date: string) => `Stage ${stage} opens on ${date}.`,
    /** Beside a stage that has not opened yet. */
    stageOpensLabel: (date: string) => `Opens ${date}`,
    startsIn: (days: number) => (days === 1 ? 'Your course starts tomorrow.' : `Your course starts in ${days} days.`),
    /**
     * Fully paid and ID approved, but no course link set yet: the link appears here once the owner sets
     * it; the course-open email (on the start date) carries it only if it is set by then.
     */
    courseAccessComing: (startDate: string | null) =>
      startDate
        ? `Your course link is not ready yet. It will appear here as soon as the school adds it. On ${startDate}, when your course opens, we email you, with the link if it is ready by then. If it is not here by that day, please contact support.`
        : 'Your course link is not ready yet. It will appear here as soon as the school adds it. If it is not here by your start date, please contact support.',
    /** The same once the course has started: no further email comes with the link. */
    courseAccessComingStarted:
      'Your course has started, but your course link is not ready yet. It will appear here as soon as the school adds it (it is not sent by email). Please contact support if you need it now.',
    courseAccessReady: 'Your course materials are open. The link opens in a new tab.',
    /** When the status the school set does not match the progress or the ID check (docs/product/student-area.md). */
    statusNote: {
      completedWithIdRejected:
        'The school has marked your course as completed, but your ID verification was rejected. Please upload a new ID below: your certificate needs an approved ID.',
      completedWithIdPending:
        'The school has marked your course as completed. Your ID verification is not approved yet: your certificate needs an approved ID.',
      completedBelowFull: (percent: number) =>
        `The school has marked your course as completed. Your stage ticks (${percent}%) are your own record and do not change that status; tick every stage to request your certificate.`,
      notCompletedAtFull:
        'You have ticked every stage. The school updates your status once it has reviewed your course, so it may still show an earlier step.',
    },
  },
  /** The final assessment (docs/product/student-area.md and admin.md, "Final assessment"). */
  assessment: {
    notRequired: 'The school does not ask for a final piece at the moment.',
    lastStageNotOpen: (date: string) => `You can submit your final piece from ${date}, when the last stage opens.`,
    alreadyPending: 'Your final piece is already waiting for review. You will hear by email once it is assessed.',
    alreadyPassed: 'Your final piece has already passed.',
    lastStageByPass: 'The last stage is completed when your final piece passes, not by ticking it.',
    /** Beside the last stage while the setting is on. */
    lastStageLabel: 'Completed when your final piece passes',
    certificateNeedsPass: 'Your final piece must pass before you can request your certificate.',
    fileMissing: 'Please choose a file in the field "file", or send a link.',
    fileType: 'Please upload a PDF, JPG, PNG, MP4 or MOV file.',
    fileSize: 'The file must be at most 25 MB. For a larger piece, send a link instead.',
    uploadInterrupted: 'The upload was interrupted. Please try again.',
    urlInvalid: 'Please give a link that starts with https:// (at most 2000 characters).',
    noteTooLong: 'Please keep the note to 2000 characters.',
    feedbackTooLong: 'Please keep the feedback to 2000 characters.',
    feedbackRequired: 'Please tell the student what to change before asking them to resubmit.',
    resultInvalid: 'result must be "passed" or "resubmit"',
    statusFilterInvalid: 'status must be pending, passed or resubmit',
    notFound: 'No such submission',
    alreadyReviewed: 'This submission has already been reviewed.',
    noFile: 'This submission is a link, not a file.',
    // The student's panel.
    panelTitle: 'Submit your final piece',
    panelIntro:
      'The last stage is completed when your final piece passes. Upload a file (PDF, JPG, PNG, MP4 or MOV, at most 25 MB) or send a link to it.',
    panelNotOpen: (date: string) => `You can submit your final piece from ${date}.`,
    chooseFile: 'Upload a file',
    chooseLink: 'Send a link',
    fileLabel: 'Your file',
    linkLabel: 'Link to your piece (https://…)',
    noteLabel: 'Note for the assessor (optional)',
    submit: 'Submit final piece',
    submitted: 'Your final piece has been sent for review.',
    submitFailed: 'Your final piece could not be sent. Please try again.',
    loadFailed: 'Could not load your final assessment.',
    pending: (date: string) => `Sent on ${date}. It is waiting for review; you will hear by email.`,
    passed: 'Your final piece has passed. The last stage is complete.',
    resubmit: 'The assessor asked you to submit your piece again.',
    feedbackHeading: 'Feedback',
    // The admin tab.
    adminTitle: 'Final assessments',
    adminEmpty: 'No submissions with this status.',
    statusLabels: { pending: 'Waiting', passed: 'Passed', resubmit: 'Resubmit' },
    openFile: 'Download file',
    openLink: 'Open link',
    pass: 'Pass',
    askResubmit: 'Ask to resubmit',
    passTitle: 'Pass this final piece?',
    passQuestion: (name: string) =>
      `Pass the final piece of ${name}? Their last stage is then complete, and they are told by email.`,
    resubmitTitle: 'Ask for a resubmission?',
    resubmitQuestion: (name: string) =>
      `Ask ${name} to submit their final piece again? They are emailed your feedback.`,
    feedbackLabel: 'Feedback for the student',
    feedbackOptionalLabel: 'Feedback for the student (optional)',
    passedToast: (name: string) => `Final piece of ${name} passed`,
    resubmitToast: (name: string) => `${name} was asked to resubmit`,
    reviewFailed: 'Could not record the review. Please try again.',
    downloadFailed: 'Could not download the file.',
  },
  support: {
    requiredFields: 'Please fill in all required fields',
    messageSent: "Your message has been sent! We'll get back to you within 24 hours.",
    invalidEmail: 'Please enter a valid email address',
    invalidCategory: 'Please choose one of the listed categories',
    fieldTooLong: 'Please keep your message shorter (name 100 characters, subject 200, message 5000)',
    sendFailed: 'Your message could not be sent. Please try again or email us directly.',
    tooManyMessages:
      'You have sent several messages in a short time. Please wait a few minutes before sending another.',
  },
  certificates: {
    unknownId: 'No certificate found with this ID',
    /** The verification page's "Check another certificate" form, for what cannot be an ID. */
    idAsPrinted: 'Enter the ID as printed on the certificate, e.g. VBR-ABCD2345EF',
    noneRequested: 'No certificate has been requested yet',
    awaitingActivation:
      'Your certificate is awaiting admin activation. You can download it once it has been activated.',
    downloadFailed: 'Failed to download certificate',
    /** The PDF's 409 and the dashboard while a certificate is revoked (the reason is never shown publicly). */
    revoked:
      'This certificate has been revoked, so it cannot be downloaded. Please contact us if you think this is a mistake.',
    revokedOn: (date: string) => `Revoked on ${date}`,
    activateRevoked: 'This certificate is revoked. Reinstate it before activating it.',
    revocationReasonRequired: 'Please give a reason for revoking the certificate (at most 500 characters).',
    /** The reasons recorded when a certificate is revoked automatically. */
    revokedRefundedInFull: 'Course payment refunded in full',
    revokedDisputeLost: 'Payment dispute lost',
    revokeTitle: 'Revoke this certificate?',
    revokeQuestion: (name: string, id: string) =>
      `Revoke ${id} of ${name}? It then shows as revoked to anyone who verifies it, and the student can no longer download it. The student is told by email.`,
    revocationReasonLabel: 'Reason (kept in the activity log, never shown publicly)',
    revokeConfirm: 'Revoke certificate',
    revokedToast: (id: string) => `Certificate ${id} revoked`,
    reinstateTitle: 'Reinstate this certificate?',
    reinstateQuestion: (name: string, id: string) =>
      `Reinstate ${id} of ${name}? It then verifies as it did before it was revoked. The student is told by email.`,
    reinstateConfirm: 'Reinstate certificate',
    reinstatedToast: (id: string) => `Certificate ${id} reinstated`,
    revokeFailed: 'Could not change the certificate. Please try again.',
    downloadStarted: 'Certificate downloaded',
  },
  /** The Open Badges 3.0 credential (docs/product/student-area.md#digital-credential) and the dashboard's links to it. */
  credentials: {
    issuerName: 'Video Book Review Specialist',
    achievementDescription: (courseTitle: string) =>
      `The ${courseTitle} of the Video Book Review Specialist programme: every stage of the course completed and approved by the school.`,
    criteria: (courseTitle: string) =>
      `Complete every stage of the ${courseTitle}; the school checks the work and activates the certificate.`,
    pending: 'This certificate is awaiting activation, so there is no digital credential for it yet.',
    revoked: 'This certificate has been revoked, so there is no digital credential for it.',
    badgeCaption: 'Verified credential',
    heading: 'Share your achievement',
    intro: 'A digital credential (Open Badges 3.0) anyone can check, and a badge for your profile.',
    download: 'Download credential',
    downloaded: 'Credential downloaded',
    downloadFailed: 'Could not download the credential. Please try again.',
    badge: 'Download badge image',
    badgeAlt: (courseTitle: string) => `Badge: ${courseTitle}, Video Book Review Specialist`,
    linkedIn: 'Add to LinkedIn',
    linkedInLabel: 'Add to LinkedIn (opens LinkedIn in a new tab)',
  },
  email: {
    siteName: 'Video Book Review Specialist',
    greeting: (firstName: string) => `Hello ${firstName},`,
    signOff: 'The Video Book Review Specialist team',
    footer: 'You are receiving this email because of your enrollment with Video Book Review Specialist.',
    loginCodeSubject: (code: string) => `${code} is your sign-in code`,
    loginCodeIntro: 'Use this code to sign in to your student dashboard:',
    loginCodeValidity: (minutes: number) =>
      `The code is valid for ${minutes} minutes and can be used once. If you did not ask to sign in, you can ignore this email.`,
    receiptSubject: (kind: 'payment' | 'refund') =>
      kind === 'refund' ? 'Your refund receipt' : 'Your payment receipt',
    receiptIntro: (kind: 'payment' | 'refund') =>
      kind === 'refund'
        ? 'We have refunded the following payment:'
        : 'Thank you for your payment. Here is your receipt:',
    receiptItem: 'Item',
    receiptAmount: 'Amount',
    receiptDate: 'Date',
    receiptReference: 'Payment reference',
    receiptDocument: (kind: 'payment' | 'refund') => (kind === 'refund' ? 'Credit note' : 'Invoice'),
    receiptAttached: (kind: 'payment' | 'refund', number: string) =>
      `Your ${kind === 'refund' ? 'credit note' : 'invoice'} ${number} is attached as a PDF, and kept in your student dashboard.`,
    receiptNext: (kind: 'payment' | 'refund') =>
      kind === 'refund'
        ? 'The refund usually reaches your card within 5 to 10 working days.'
        : 'What happens next: sign in to your student dashboard to follow your course, upload your ID and track your progress.',
    dashboardButton: 'Open my student dashboard',
    idApprovedSubject: 'Your ID has been approved',
    /** Stages open on the course start date (the course calendar), not on approval. */
    idApprovedIntro:
      'Good news: your ID document has been approved. Your course stages open in your student dashboard on your course start date.',
    idApprovedCourseLink: 'Open your course materials',
    idRejectedSubject: 'Your ID could not be verified',
    idRejectedIntro: 'We could not verify the ID document you uploaded, for this reason:',
    idRejectedNext: 'Please upload a clear photo or scan of a valid ID from your student dashboard.',
    idRejectedButton: 'Upload my ID again',
    certificateSubject: 'Your certificate has been issued',
    certificateIntro: 'Congratulations! Your certificate has been issued. It is attached to this email as a PDF.',
    certificateId: (id: string) => `Certificate ID: ${id}`,
    certificateVerify: 'Anyone can check your certificate at:',
    contactSubject: 'We received your message',
    contactIntro: (subject: string | null) =>
      subject ? `Thank you for your message "${subject}".` : 'Thank you for your message.',
    contactPromise: "We'll get back to you within 24 hours.",
    adminMessageSubject: (fromName: string) => `New contact message from ${fromName}`,
    adminMessageIntro: (fromName: string, category: string, subject: string | null) =>
      `${fromName} sent a message (${category})${subject ? `: "${subject}"` : ''}.`,
    adminIdSubject: (studentName: string) => `New ID document from ${studentName}`,
    adminIdIntro: (studentName: string) => `${studentName} uploaded an ID document to review.`,
    adminButton: 'Open the admin area',
    adminDisputeSubject: (studentName: string | null) =>
      studentName ? `A payment from ${studentName} is disputed` : 'A payment is disputed',
    adminDisputeIntro:
      'The cardholder disputed this payment with their bank (a chargeback). Answer it in the Square Dashboard before the due date, or the money goes back to them.',
    adminDisputeState: 'Dispute state',
    adminDisputeDue: 'Respond by',
    adminDisputeNoDue: 'No date given by Square',
    erasureCompletedSubject: 'Your account has been erased',
    erasureCompletedGreeting: 'Hello,',
    erasureCompletedIntro:
      'As you asked, your account and the personal data we held about you (your name, email address, phone number, ID document, progress and certificate) have been erased.',
    erasureCompletedKept:
      'The law requires us to keep payment records (amounts, dates and payment references) for six years; they no longer name you. This address is removed as soon as this email has been sent.',
    erasureFooter: 'You are receiving this email because you asked Video Book Review Specialist to erase your account.',
    erasureRefusedSubject: 'Your erasure request was refused',
    erasureRefusedIntro: 'We could not erase your account at this time, for this reason:',
    erasureRefusedNext:
      'Your account stays as it was. You can ask again from your student dashboard once this is resolved, or reply to this email.',
    waitlistPlaceSubject: (date: string) => `A place is free in the course starting ${date}`,
    waitlistPlaceIntro: (date: string) =>
      `A place has come free in the course starting ${date}, and you are first on the waiting list.`,
    waitlistPlaceHeld: (until: string) =>
      `We are holding it for this email address until ${until}. Enrol with this address before then to take it; after that it goes to the next person waiting.`,
    waitlistPlaceButton: 'Enrol now',
    waitlistFooter:
      'You are receiving this email because this address joined the waiting list on the Video Book Review Specialist website.',
    certificateRevokedSubject: 'Your certificate has been revoked',
    certificateRevokedIntro: (id: string) =>
      `Your certificate ${id} has been revoked. Its verification page now shows it as revoked, and the credential can no longer be verified.`,
    certificateRevokedNext: 'If you think this is a mistake, reply to this email or contact support.',
    certificateReinstatedSubject: 'Your certificate is valid again',
    certificateReinstatedIntro: (id: string) =>
      `Your certificate ${id} has been reinstated. Its verification page shows it as valid again.`,
    assessmentPassedSubject: 'Your final piece has passed',
    assessmentPassedIntro:
      'Good news: your final piece has been assessed and passed. You can now request your certificate from your student dashboard.',
    assessmentResubmitSubject: 'Your final piece needs another look',
    assessmentResubmitIntro: 'Your final piece has been assessed. Please revise it and submit it again:',
    assessmentFeedback: 'Feedback from your assessor:',
    assessmentPassedButton: 'Request my certificate',
    assessmentResubmitButton: 'Submit my piece again',
    adminAssessmentSubject: (studentName: string) => `New final piece from ${studentName}`,
    adminAssessmentIntro: (studentName: string) => `${studentName} submitted their final piece to assess.`,
    contactThanks: 'Thank you for contacting Video Book Review Specialist.',
    contactFooter:
      'You are receiving this email because this address was given in the contact form on the Video Book Review Specialist website. If you did not send a message, you can ignore this email.',
    courseStartingSubject: (date: string) => `Your course starts on ${date}`,
    courseStartingIntro: (course: string, date: string) =>
      `Your ${course} starts in a week, on ${date}. Here is how to get ready:`,
    courseStartingPrepare: [
      'Set aside about 5 to 8 hours a week for the six weeks of the course.',
      'Have a computer or phone that can record video, and a quiet place to film.',
      'Pick one or two books you would love to review: you will use them in the first stages.',
    ],
    courseStartingIdReminder:
      'Your ID is not approved yet: the course materials open only once it is. Please upload a photo ID from your student dashboard now, so it can be checked before the start.',
    courseOpenSubject: 'Your course is open',
    courseOpenIntro: (course: string) => `Your ${course} starts today.`,
    courseOpenLink: 'Open your course materials',
    courseOpenNoLinkYet:
      'Your course link is not ready yet: it will appear in your student dashboard as soon as the school adds it.',
    courseOpenFinishId:
      'Your course materials open once your ID is approved. Please upload a photo ID from your student dashboard (or upload it again if it was rejected); we check it within a working day.',
    courseOpenIdButton: 'Finish my ID verification',
    courseHelp: (email: string) => `Questions? Write to ${email}.`,
    courseCommunity: 'Meet the other students in the community group',
    adminFooter:
      'You are receiving this email because this address receives the Video Book Review Specialist administrator notifications.',
    enrolmentReminderSubject: 'Your place is waiting: finish your enrolment',
    enrolmentReminderIntro:
      'You started enrolling with Video Book Review Specialist but did not get as far as paying. Everything you entered is saved: pick up where you stopped.',
    enrolmentReminderButton: 'Finish my enrolment',
    courseReminderSubject: 'Choose your course',
    courseReminderIntro:
      'Your enrolment fee is paid: the next step is to choose your course and start date. It takes a minute, and you carry on from where you stopped.',
    courseReminderButton: 'Choose my course',
    reminderLinkValidity: (minutes: number) =>
      `The button signs you in for the next ${minutes} minutes, once. After that, sign in with your email address.`,
    marketingFooter:
      'You are receiving this email because you registered with Video Book Review Specialist. You can stop reminders and news at any time:',
    unsubscribeLink: 'Unsubscribe',
    contactReplySubject: (subject: string | null | undefined) =>
      subject ? `Re: ${subject}` : 'Re: your message to Video Book Review Specialist',
    contactReplyQuote: 'You wrote:',
    contactReplyFooter:
      'You are receiving this email because this address sent a message through the contact form on the Video Book Review Specialist website. To write back, use the contact form on the website.',
  },
  /** The page an unsubscribe link opens, and the API's answers (docs/product/enrolment.md#reminders). */
  unsubscribe: {
    title: 'Unsubscribe',
    question: 'Stop reminders and news from Video Book Review Specialist to your email address?',
    stillSent: 'Receipts, sign-in codes and emails about a course you bought still come: they are part of the service.',
    button: 'Unsubscribe',
    working: 'Unsubscribing…',
    done: (email: string) => `Done: ${email} will get no more reminders or news from us.`,
    invalidLink:
      'This unsubscribe link is not valid: it may have been cut short. Use the link in the email again, or write to support.',
    failed: 'Could not unsubscribe right now. Please try again.',
    backHome: 'Return to Home',
  },
  success: {
    noPaymentTitle: 'No recent payment to show',
    noPaymentText:
      'This page confirms a payment right after it is made. To see what you have paid and your course, sign in to your student dashboard.',
  },
  privacy: {
    requestNotFound: 'Erasure request not found',
    requestAlreadyDecided: 'This erasure request has already been decided.',
    refusalReasonRequired: 'A reason for the refusal is required: the student is sent it.',
    exportButton: 'Download my data',
    exportHint:
      'A file (JSON) with everything we hold about you: profile, payments, progress, ID checks, certificate, emails sent.',
    exportFailed: 'Could not prepare your data. Please try again.',
    exportDone: 'Your data has been downloaded.',
    deleteButton: 'Delete my account',
    deleteHint:
      'Ask us to erase your account and personal data. Payment records stay (without your name) for six years, as the law requires.',
    confirmDeleteTitle: 'Delete your account?',
    confirmDeleteQuestion:
      'We will erase your account, your ID document, your progress and your certificate. This cannot be undone. We will email you when it is done.',
    confirmDeleteAction: 'Yes, delete my account',
    deleteRequested: (date: string) =>
      `You asked for your account to be deleted on ${date}. We will email you when it has been done.`,
    deleteRequestFailed: 'Could not send your request. Please try again.',
    deleteRequestSent: 'Your request has been sent. We will email you when your account has been deleted.',
    deleteRefused: (reason: string) => `Your last deletion request was refused: ${reason}`,
    adminTitle: 'Erasure requests',
    adminEmpty: 'No erasure requests waiting.',
    adminEmptyAll: 'No erasure requests yet.',
    adminErasedStudent: 'Erased student',
    adminCarryOut: 'Erase',
    adminRefuse: 'Refuse',
    adminConfirmCarryOut: (name: string) =>
      `Erase ${name}'s account and personal data? Payment records stay without the name. This cannot be undone.`,
    adminRefusePrompt: 'Why is this request refused? The student is sent this reason.',
    adminCarriedOut: 'The account has been erased and the student is being told.',
    adminRefused: 'The request has been refused and the student is being told.',
    adminDecisionFailed: 'Failed to decide the erasure request',
    adminExportStudent: 'Download data',
    adminExportFailed: "Failed to download the student's data",
    statusLabels: { requested: 'Waiting', carried_out: 'Erased', refused: 'Refused' },
    waitlistRetentionTitle: 'Start-date waitlists:',
    waitlistRetention:
      'the first name and email you leave on a full start date’s waitlist are deleted once that date has come, or sooner if the date is withdrawn or your account is deleted.',
  },
  invoices: {
    notFound: 'No such invoice for this student.',
    title: 'Invoices',
    intro: 'An invoice for each payment and a credit note for each refund, as PDF files.',
    empty: 'No invoices yet: each payment you make adds one here.',
    kind: { invoice: 'Invoice', credit_note: 'Credit note' } as Record<'invoice' | 'credit_note', string>,
    download: 'Download',
    downloadFailed: 'The invoice could not be downloaded. Please try again.',
    loadFailed: 'Your invoices could not be loaded.',
  },
  common: {
    /** The SPA shell's loading frame, before the page's code has drawn it. */
    loadingPage: 'Loading the page…',
    notFound: 'Not found',
    notSignedIn: 'Please sign in to continue',
    forbidden: 'You do not have access to this resource',
    serverError: 'Something went wrong on our side. Please try again.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
    databaseUnavailable: 'The database is not answering',
    shuttingDown: 'The server is shutting down',
    requestTooLarge: 'The request is too large',
    requestTimeout: 'The request took too long to arrive. Please check your connection and try again.',
    headersTooLarge: 'The request headers are too large',
    unsupportedContentType: 'Unsupported content type',
    invalidRequest: 'Invalid request',
    addressTooLong: 'The address is too long',
    invalidCharacters: 'Invalid characters: please remove control or invisible formatting characters',
    invalidNameCharacters:
      'Invalid characters: names may only contain letters, spaces and punctuation (no control or text-direction characters)',
  },
} as const;
