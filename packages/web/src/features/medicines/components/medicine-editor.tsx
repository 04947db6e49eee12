import type { Medicine } from '@dosedot/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { useCreateMedicine } from '../api/create-medicine';
import { changedFields, useEditMedicine } from '../api/edit-medicine';
import {
  formValuesOf,
  type MedicineFormValues,
  medicineFormSchema,
  medicineInputOf,
} from '../api/medicine-form-schema';
import { showServerErrors } from '../utils/server-errors';
import { MedicineForm } from './medicine-form';
import { Section } from './section';

/** The medicine form on its page: a new medicine is added, an existing one keeps what did not change. */
export function MedicineEditor({ medicine }: { medicine?: Medicine }) {
  const { today } = useViewer();
  const { t } = useTranslation();
  const href = useLocalizedPath();
  const navigate = useNavigate();
  const create = useCreateMedicine();
  const edit = useEditMedicine();
  const [failure, setFailure] = useState<string | null>(null);
  const initial = formValuesOf(medicine, today);
  const form = useForm<MedicineFormValues>({
    resolver: zodResolver(medicineFormSchema),
    defaultValues: medicine ? initial : { ...initial, dosage_times: [{ time: '' }] },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (medicine) {
        await edit.mutateAsync(changedFields(medicine.id, medicineInputOf(initial), medicineInputOf(values)));
        notify.success(t('medicines.toast.edited'));
      } else {
        const added = await create.mutateAsync(medicineInputOf(values));
        notify.success(t(create.forPatient ? 'medicines.toast.edited' : 'medicines.toast.added'));
        await navigate(`${href(paths.myMedicine)}?medicine=${added.id}`);
      }
    } catch (error) {
      if (!showServerErrors(form, error)) setFailure(failureKey(error));
    }
  });

  return (
    <Section title={medicine ? medicine.name : t('medicines.edit.newTitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t('medicines.form.failed')} {t(failure)}
          </Alert>
        ) : null}
        <MedicineForm form={form} withTimes={!medicine} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
          <Button component={RouterLink} to={href(paths.myMedicine)}>
            {t('medicines.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('medicines.form.save')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
