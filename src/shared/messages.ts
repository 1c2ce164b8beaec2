/**
 * Every user-facing text of SPEC.md sections 5 and 8, word for word. Client toasts and server
 * `detail` messages both come from here so the wording has one source.
 */

export const messages = {
  enrolment: {
    requiredFields: 'Please fill in all required fields',
    verificationWrong: 'Please complete the verification calculation correctly',
    courseAndDateRequired: 'Please select course type and start date',
    paymentFormNotInitialized: 'Payment form not initialized',
    courseDatesFailed: 'Failed to load course dates',
    emailAlreadyRegistered: 'Email already registered. Please use a different email.',
    registrationFailed: 'Failed to create registration',
    registrationCreated: 'Registration created successfully!',
    courseSelectionFailed: 'Failed to update course selection',
    courseSelectionUpdated: 'Course selection updated!',
    paymentInitFailed: 'Payment system initialization failed',
    cardTokenizationFailed: 'Card tokenization failed',
    paymentFailed: 'Payment failed. Please try again.',
    paymentSuccessful: 'Payment successful!',
  },
  admin: {
    loginFieldsRequired: 'Please enter both username and password',
    invalidCredentials: 'Invalid username or password',
    loginFailed: 'Login failed. Please try again.',
    loginSuccessful: 'Login successful!',
    dashboardLoadFailed: 'Failed to load dashboard data',
    markPaidFailed: 'Failed to mark payment as received',
    markPaidSuccess: 'Payment marked as received',
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
    confirmMarkPaid: (kind: 'enrollment' | 'course', name: string) =>
      `Mark ${kind} payment as received for ${name}?`,
    confirmDelete: (name: string) =>
      `Are you sure you want to permanently delete ${name}? This action cannot be undone.`,
    noStudentsFound: 'No students found matching your criteria.',
    noPendingIdVerifications: 'No pending ID verifications',
    rejectionReasonRequired: 'A rejection reason is required',
  },
  student: {
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
  },
  support: {
    requiredFields: 'Please fill in all required fields',
    messageSent: "Your message has been sent! We'll get back to you within 24 hours.",
  },
  certificates: {
    notFound: 'No certificate found with this ID',
    noneRequested: 'No certificate has been requested yet',
    awaitingActivation: 'Your certificate is awaiting admin activation. You can download it once it has been activated.',
    downloadFailed: 'Failed to download certificate',
    downloadStarted: 'Certificate downloaded',
  },
  common: {
    notFound: 'Not found',
    notSignedIn: 'Please sign in to continue',
    forbidden: 'You do not have access to this resource',
    serverError: 'Something went wrong on our side. Please try again.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  },
} as const;

/** ID upload limits (SPEC.md section 5), used by the browser check and the server. */
export const ID_UPLOAD_MAX_BYTES = 10_485_760;
export const ID_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const ID_UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf';
    invalidEmail: 'Please enter a valid email address',
    invalidCategory: 'Please choose one of the listed categories',
    fieldTooLong: 'Please keep your message shorter (name 100 characters, subject 200, message 5000)',
    sendFailed: 'Your message could not be sent. Please try again or email us directly.',
    tooManyMessages: 'You have sent several messages in a short time. Please wait a few minutes before sending another.',
