import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { RequirePolicy } from '../guards/require-policy';
import { page, rel } from './lazy-page';

const devices = page(
  () => import('../../features/devices/pages/devices-page'),
  (m) => m.DevicesPage,
);
const patientList = page(
  () => import('../../features/patients/pages/patient-list-page'),
  (m) => m.PatientListPage,
);
const compactList = page(
  () => import('../../features/patients/pages/compact-list-page'),
  (m) => m.CompactListPage,
);
const impersonate = page(
  () => import('../../features/patients/pages/impersonate-page'),
  (m) => m.ImpersonatePage,
);

const signIns = page(
  () => import('../../features/security/pages/sign-ins-page'),
  (m) => m.SignInsPage,
);

/** Devices and users: the admin's pages (inside the private layout), behind the admin policy. */
export const adminRoutes = (): RouteObject[] => [
  {
    element: <RequirePolicy policy="admin" />,
    children: [
      ...[paths.devices, paths.devicesIndex2].map((path) => ({ path: rel(path), lazy: devices })),
      { path: rel(paths.patientList), lazy: patientList },
      { path: rel(paths.patientListBak), lazy: compactList },
      { path: rel(paths.patientListImpersonate), lazy: impersonate },
      { path: rel(paths.patientListSignIns), lazy: signIns },
    ],
  },
];
