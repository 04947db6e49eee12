import { paths, routePatterns } from '../../config/paths';

/**
 * Who a page is for, from the router's guards around it: signed-out visitors only (GuestOnly),
 * any signed-in user (the private layout), a policy (RequirePolicy), everyone, or a route that only
 * sends on to another page.
 */
export type Audience = 'guest' | 'signedIn' | 'healthData' | 'admin' | 'anyone' | 'redirect';

/**
 * Every page of the router (app/routes/tree.tsx) as its pattern in one language's tree (without
 * the /de or /fr prefix) and who it is for. Plain data, so the e2e suite can import it (the phone
 * sweep, e2e/tests/phone-sweep.spec.ts, walks it); page-paths.test.ts checks it against the router's
 * own tree, so a page added to the router without a line here fails that test.
 */
export const PAGE_PATHS: readonly { path: string; audience: Audience }[] = [
  { path: paths.home, audience: 'redirect' },
  { path: paths.callback, audience: 'redirect' },
  { path: paths.signIn, audience: 'guest' },
  { path: paths.signUp, audience: 'guest' },
  { path: paths.success, audience: 'anyone' },
  { path: paths.forgotPassword, audience: 'anyone' },
  { path: paths.resetPassword, audience: 'anyone' },
  { path: paths.emailConfirmation, audience: 'anyone' },
  { path: paths.notMe, audience: 'anyone' },
  { path: paths.dashboard, audience: 'signedIn' },
  { path: paths.dashboardIndex2, audience: 'signedIn' },
  { path: paths.dashboardWeekly, audience: 'signedIn' },
  { path: paths.dashboardMonthly, audience: 'signedIn' },
  { path: paths.myMedicine, audience: 'signedIn' },
  { path: paths.myMedicineType1, audience: 'signedIn' },
  { path: paths.myMedicineType2, audience: 'signedIn' },
  { path: routePatterns.myMedicineNew, audience: 'signedIn' },
  { path: routePatterns.myMedicineEdit, audience: 'signedIn' },
  { path: paths.cumulativeChart, audience: 'signedIn' },
  { path: paths.profile, audience: 'signedIn' },
  { path: paths.profileSecurity, audience: 'signedIn' },
  { path: paths.caregiving, audience: 'signedIn' },
  { path: paths.myHealthData, audience: 'healthData' },
  { path: paths.devices, audience: 'admin' },
  { path: paths.devicesIndex2, audience: 'admin' },
  { path: paths.patientList, audience: 'admin' },
  { path: paths.patientListBak, audience: 'admin' },
  { path: paths.patientListImpersonate, audience: 'admin' },
  { path: paths.patientListSignIns, audience: 'admin' },
  { path: paths.privacy, audience: 'anyone' },
  { path: paths.terms, audience: 'anyone' },
  { path: paths.faq, audience: 'anyone' },
  { path: paths.contact, audience: 'anyone' },
  { path: paths.error401, audience: 'anyone' },
  { path: routePatterns.notFound, audience: 'anyone' },
];
