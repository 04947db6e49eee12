/** Every route of the app in one place (spec section 2); `localize` adds the locale prefix. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  dashboardIndex2: '/dashboard/index2',
  dashboardMonthly: '/dashboard/monthly',
  dashboardWeekly: '/dashboard/weekly',
  cumulativeChart: '/cumulative-chart',
  devices: '/devices',
  devicesIndex2: '/devices/index2',
  myHealthData: '/my-health-data',
  myMedicine: '/my-medicine',
  myMedicineType1: '/my-medicine/type-1',
  myMedicineType2: '/my-medicine/type-2',
  myMedicineEdit: (id?: number | string) =>
    id === undefined ? '/my-medicine/edit' : `/my-medicine/${id}/edit`,
  patientList: '/patient-list',
  patientListBak: '/patient-list/bak_index',
  patientListImpersonate: '/patient-list/impersonate',
  patientListSignIns: '/patient-list/sign-ins',
  privacy: '/privacy',
  terms: '/terms',
  faq: '/faq',
  contact: '/contact',
  profile: '/profile',
  profileSecurity: '/profile/security',
  caregiving: '/caregiving',
  signIn: '/auth/signin',
  signUp: '/auth/signup',
  success: '/auth/success',
  callback: '/auth/callback',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  emailConfirmation: '/auth/email-confirmation',
  notMe: '/auth/not-me',
  error401: '/error/401',
} as const;

/** The router's patterns where a route's path is not a plain link: parameters and the catch-all. */
export const routePatterns = {
  myMedicineNew: paths.myMedicineEdit(),
  myMedicineEdit: paths.myMedicineEdit(':id'),
  notFound: '*',
} as const;

/** Where a signed-in user lands. */
export const HOME_AFTER_LOGIN = paths.dashboard;
