import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { ApiError } from '../../../lib/api-client';
import { useViewer } from '../../../lib/viewer';
import { useMedicineSchedule } from '../api/get-medicine-schedule';
import { MedicineEditor } from '../components/medicine-editor';
import { ScheduleCard } from '../components/schedule-card';

/** Add a medicine (/my-medicine/edit) or edit one (/my-medicine/{id}/edit); another's id is not found. */
export function EditMedicinePage() {
  const { t } = useTranslation();
  const href = useLocalizedPath();
  const { subject, readOnly } = useViewer();
  const { id } = useParams();
  const medicineId = id === undefined ? undefined : Number(id);
  const valid = medicineId === undefined || (Number.isInteger(medicineId) && medicineId > 0);
  const loaded = useMedicineSchedule(valid ? medicineId : undefined);
  const back = (
    <Button component={RouterLink} to={href(paths.myMedicine)} startIcon={<ArrowBack />}>
      {t('medicines.edit.back')}
    </Button>
  );
  const notFound = !valid || (loaded.error instanceof ApiError && loaded.error.status === 404);
  const impersonating = subject !== null;

  if (notFound)
    return (
      <>
        <PageHeader title={t('medicines.edit.notFound')} />
        <EmptyState title={t('medicines.edit.notFound')}>
          <p>{t('medicines.edit.notFoundText')}</p>
          {back}
        </EmptyState>
      </>
    );
  // Acting for a patient, an administrator adds medicines only (no impersonation call edits one); a
  // caregiver changes nothing.
  if ((impersonating && medicineId !== undefined) || readOnly)
    return (
      <>
        <PageHeader title={t('medicines.edit.title')} actions={back} />
        <EmptyState title={t(readOnly ? 'medicines.edit.caregiver' : 'medicines.edit.impersonating')} />
      </>
    );
  if (medicineId === undefined)
    return (
      <>
        <PageHeader title={t('medicines.edit.newTitle')} actions={back} />
        <MedicineEditor />
      </>
    );
  return (
    <>
      <PageHeader title={t('medicines.edit.title')} actions={back} />
      <QueryState query={loaded}>
        {({ medicine }) => (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
              alignItems: 'start',
            }}
          >
            <MedicineEditor key={medicine.updatedAt} medicine={medicine} />
            {medicine.type === 1 ? <ScheduleCard medicine={medicine} /> : null}
          </Box>
        )}
      </QueryState>
    </>
  );
}
