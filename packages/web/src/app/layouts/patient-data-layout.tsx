import { Outlet } from 'react-router';
import { ViewerProvider } from '../../lib/viewer';

/**
 * The pages of a patient's data (dashboards, My Medicine): oneself's, or while an administrator
 * impersonates, that patient's (their subject, zone and profile). The other private pages stay the
 * reader's own.
 */
export function PatientDataLayout() {
  return (
    <ViewerProvider of="patient">
      <Outlet />
    </ViewerProvider>
  );
}
