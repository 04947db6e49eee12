import type { RouteObject } from 'react-router';
import { paths, routePatterns } from '../../config/paths';
import { RequirePolicy } from '../guards/require-policy';
import { page, rel } from './lazy-page';
import { dashboardLoader, myMedicineLoader, onEntryOnly } from './prefetch';

const dashboardPages: [string, RouteObject['lazy']][] = [
  [
    paths.dashboard,
    page(
      () => import('../../features/dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  ],
  [
    paths.dashboardIndex2,
    page(
      () => import('../../features/dashboard/pages/timeline-page'),
      (m) => m.TimelinePage,
    ),
  ],
  [
    paths.dashboardWeekly,
    page(
      () => import('../../features/dashboard/pages/weekly-page'),
      (m) => m.WeeklyPage,
    ),
  ],
  [
    paths.dashboardMonthly,
    page(
      () => import('../../features/dashboard/pages/monthly-page'),
      (m) => m.MonthlyPage,
    ),
  ],
];
const myMedicine = page(
  () => import('../../features/medicines/pages/my-medicine-page'),
  (m) => m.MyMedicinePage,
);
const editMedicine = page(
  () => import('../../features/medicines/pages/edit-medicine-page'),
  (m) => m.EditMedicinePage,
);

/** The signed-in user's own pages (inside the private layout). */
export const patientRoutes = (): RouteObject[] => [
  {
    // Their subject is the patient an administrator impersonates (lib/viewer.tsx).
    lazy: page(
      () => import('../layouts/patient-data-layout'),
      (m) => m.PatientDataLayout,
    ),
    children: [
      // The dashboard variants (spec section 2): daily plan, the day as a timeline, weekly, monthly.
      ...dashboardPages.map(([path, lazy]) => ({
        path: rel(path),
        loader: dashboardLoader,
        shouldRevalidate: onEntryOnly,
        lazy,
      })),
      ...[paths.myMedicine, paths.myMedicineType1, paths.myMedicineType2].map((path) => ({
        path: rel(path),
        loader: myMedicineLoader,
        shouldRevalidate: onEntryOnly,
        lazy: myMedicine,
      })),
      ...[routePatterns.myMedicineNew, routePatterns.myMedicineEdit].map((path) => ({
        path: rel(path),
        lazy: editMedicine,
      })),
    ],
  },
  {
    path: rel(paths.cumulativeChart),
    lazy: page(
      () => import('../../features/charts/pages/cumulative-chart-page'),
      (m) => m.CumulativeChartPage,
    ),
  },
  {
    path: rel(paths.profile),
    lazy: page(
      () => import('../../features/profiles/pages/profile-page'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: rel(paths.caregiving),
    lazy: page(
      () => import('../../features/caregiving/pages/caregiving-page'),
      (m) => m.CaregivingPage,
    ),
  },
  {
    path: rel(paths.profileSecurity),
    lazy: page(
      () => import('../../features/security/pages/security-page'),
      (m) => m.SecurityPage,
    ),
  },
  {
    element: <RequirePolicy policy="healthData" />,
    children: [
      {
        path: rel(paths.myHealthData),
        lazy: page(
          () => import('../../features/health-data/pages/health-data-page'),
          (m) => m.HealthDataPage,
        ),
      },
    ],
  },
];
