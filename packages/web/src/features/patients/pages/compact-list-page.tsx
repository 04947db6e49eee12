import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { getAllProfiles } from '../api/get-profiles';
import { PatientList } from '../components/patient-list';
import { UsersTabs } from '../components/users-tabs';
import { downloadText, toCsv } from '../utils/csv';
import { type ListParams, patientRows } from '../utils/list-query';

/** /patient-list/bak_index: the patient list as a compact table, and every patient found as a CSV file. */
export function CompactListPage() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportCsv = async (params: ListParams) => {
    setBusy(true);
    try {
      const entries = await getAllProfiles(params);
      const day = new Date().toISOString().slice(0, 10);
      downloadText(toCsv(patientRows(entries)), `dosedot-patients-${day}.csv`);
    } catch (error) {
      notify.error(`${t('patients.export.failed')} ${t(failureKey(error))}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={t('pages.users.title')} description={t('patients.compact.intro')} />
      <UsersTabs />
      <PatientList
        compact
        toolbarActions={(params) => (
          <Button
            variant="outlined"
            startIcon={<Download />}
            disabled={busy}
            onClick={() => void exportCsv(params)}
          >
            {t('patients.export.button')}
          </Button>
        )}
      />
    </>
  );
}
