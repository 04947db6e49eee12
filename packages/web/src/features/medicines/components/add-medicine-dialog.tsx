import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { useCreateMedicine } from '../api/create-medicine';
import {
  formValuesOf,
  type MedicineFormValues,
  medicineFormSchema,
  medicineInputOf,
} from '../api/medicine-form-schema';
import { showServerErrors } from '../utils/server-errors';
import { MedicineForm } from './medicine-form';

interface AddMedicineDialogProps {
  open: boolean;
  /** A new medicine starts as scheduled (type 1) or as needed (type 2). */
  type?: 1 | 2;
  onClose: () => void;
  onAdded: (id: number) => void;
}

/** Add medicine: the medicine's fields and its dosage times in a dialog. */
export function AddMedicineDialog({ open, type, onClose, onAdded }: AddMedicineDialogProps) {
  const { today } = useViewer();
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateMedicine();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MedicineFormValues>({
    resolver: zodResolver(medicineFormSchema),
    defaultValues: {
      ...formValuesOf(undefined, today),
      type: type === 2 ? '2' : '1',
      dosage_times: [{ time: '' }],
    },
  });

  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const medicine = await create.mutateAsync(medicineInputOf(values));
      // The spec's toast for a medicine added for an impersonated patient is the edit's.
      notify.success(t(create.forPatient ? 'medicines.toast.edited' : 'medicines.toast.addedMany'));
      form.reset();
      onAdded(medicine.id);
    } catch (error) {
      if (!showServerErrors(form, error)) setFailure(failureKey(error));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // On a phone the dialog takes nearly the whole screen; the fields scroll, Save stays in view.
      slotProps={{
        paper: {
          sx: {
            m: { xs: 2, sm: 4 },
            width: { xs: 'calc(100% - 32px)' },
            maxHeight: { xs: 'calc(100% - 32px)' },
          },
        },
      }}
    >
      <form noValidate onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id={titleId}>{t('medicines.add.title')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {t('medicines.form.failed')} {t(failure)}
            </Alert>
          ) : null}
          <MedicineForm form={form} withTimes />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('medicines.form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('medicines.form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
