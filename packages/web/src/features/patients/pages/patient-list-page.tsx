import type { ProfileListEntry } from '@dosedot/domain';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { AssignSensorDialog } from '../components/assign-sensor-dialog';
import { PatientList } from '../components/patient-list';
import { ReasonDialog } from '../components/reason-dialog';
import { UsersTabs } from '../components/users-tabs';
import { useBeginImpersonation } from '../hooks/use-begin-impersonation';

/** Users (/patient-list): every patient with profile ID, box, status, language and creation; assign a box, impersonate. */
export function PatientListPage() {
  const { t } = useTranslation();
  const [assigning, setAssigning] = useState<ProfileListEntry | null>(null);
  const impersonation = useBeginImpersonation();
  return (
    <>
      <PageHeader title={t('pages.users.title')} description={t('patients.list.intro')} />
      <UsersTabs />
      <PatientList
        actions={(entry) => {
          const name = `${entry.attributes.givenname} ${entry.attributes.familyname}`.trim();
          return (
            <>
              {entry.attributes.sensor.data || entry.attributes.profiletype === 'admin' ? null : (
                <Tooltip title={t('patients.assign.button')}>
                  <IconButton
                    onClick={() => setAssigning(entry)}
                    aria-label={t('patients.assign.buttonFor', { name })}
                  >
                    <SensorsOutlined />
                  </IconButton>
                </Tooltip>
              )}
              {/* Only patients can be impersonated. */}
              {entry.attributes.profiletype === 'admin' ? null : (
                <Tooltip title={t('patients.impersonate.button')}>
                  <IconButton
                    onClick={() => impersonation.choose(entry)}
                    aria-label={t('patients.impersonate.buttonFor', { name })}
                  >
                    <SupervisorAccountOutlined />
                  </IconButton>
                </Tooltip>
              )}
            </>
          );
        }}
      />
      <AssignSensorDialog entry={assigning} onClose={() => setAssigning(null)} />
      <ReasonDialog
        entry={impersonation.choosing}
        onClose={impersonation.cancel}
        onStarted={impersonation.started}
      />
    </>
  );
}
