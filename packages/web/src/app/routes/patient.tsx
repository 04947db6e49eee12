import type { RouteObject } from 'react-router';
import { paths, routePatterns } from '../../config/paths';
import { RequirePolicy } from '../guards/require-policy';
import { page, rel } from './lazy-page';

const dashboard = page(
  () => import('../../features/dashboard/pages/dashboard-page'),
  (m) => m.DashboardPage,
);
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
  ...[paths.dashboard, paths.dashboardIndex2, paths.dashboardMonthly, paths.dashboardWeekly].map((path) => ({
    path: rel(path),
    lazy: dashboard,
  })),
  {
    path: rel(paths.cumulativeChart),
    lazy: page(
      () => import('../../features/charts/pages/cumulative-chart-page'),
      (m) => m.CumulativeChartPage,
    ),
  },
  ...[paths.myMedicine, paths.myMedicineType1, paths.myMedicineType2].map((path) => ({
    path: rel(path),
    lazy: myMedicine,
  })),
  ...[routePatterns.myMedicineNew, routePatterns.myMedicineEdit].map((path) => ({
    path: rel(path),
    lazy: editMedicine,
  })),
  {
    path: rel(paths.profile),
    lazy: page(
      () => import('../../features/profiles/pages/profile-page'),
      (m) => m.ProfilePage,
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
