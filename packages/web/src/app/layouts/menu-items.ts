import type { AuthUser } from '@dosedot/domain';
import { paths } from '../../config/paths';
import { allows } from '../../lib/authorization';

export type MenuKey =
  | 'dashboard'
  | 'myMedicine'
  | 'cumulativeChart'
  | 'devices'
  | 'users'
  | 'myHealthData'
  | 'caregiving';

export interface MenuItem {
  key: MenuKey;
  path: string;
}

/**
 * The side menu by user type (spec section 2): basic user Dashboard, My Medicine, Cumulative Chart;
 * admin Dashboard, My Medicine, Devices, Users; the health-data user adds My Health Data; a
 * caregiver (someone who cares for at least one patient, issue 26 item 5) adds Caregiving, and
 * while reading a patient's data (`caring`) has no Cumulative Chart, which shows one's own data only.
 */
export function menuItemsFor(user: AuthUser, caregiver = false, caring = false): MenuItem[] {
  const items: MenuItem[] = [
    { key: 'dashboard', path: paths.dashboard },
    { key: 'myMedicine', path: paths.myMedicine },
  ];
  // While a caregiver reads a patient's data the chart would show their own: not offered then.
  if (!caring && allows(user, 'cumulativeChart'))
    items.push({ key: 'cumulativeChart', path: paths.cumulativeChart });
  if (allows(user, 'admin')) {
    items.push({ key: 'devices', path: paths.devices }, { key: 'users', path: paths.patientList });
  }
  if (allows(user, 'healthData')) items.push({ key: 'myHealthData', path: paths.myHealthData });
  if (caregiver) items.push({ key: 'caregiving', path: paths.caregiving });
  return items;
}
