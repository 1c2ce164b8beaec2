/** Every route of the site (SPEC.md section 2), in one table. */
export const paths = {
  home: '/',
  enrol: '/enroll',
  enrolCourseSelection: (course: 'foundation' | 'pro') => `/enroll?step=course-selection&course=${course}`,
  success: '/success',
  cancel: '/cancel',
  studentLogin: '/student-login',
  studentDashboard: '/student-dashboard',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  certificateDemo: '/certificate-demo',
  verifyCertificate: (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`,
} as const;
