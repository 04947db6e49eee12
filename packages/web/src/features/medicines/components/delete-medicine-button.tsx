import type { Medicine } from '@dosedot/domain';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteMedicine } from '../api/delete-medicine';

/** Deletes a medicine record after a confirmation; its dosage times go with it. */
export function DeleteMedicineButton({
  medicine,
  onDeleted,
}: {
  medicine: Medicine;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteMedicine();
  const confirm = () =>
    remove.mutate(medicine.id, {
      onSuccess: () => {
        setOpen(false);
        notify.success(t('medicines.toast.removed'));
        onDeleted?.();
      },
      onError: (error) => {
        setOpen(false);
        notify.error(`${t('medicines.toast.removeFailed')} ${t(failureKey(error))}`);
      },
    });
  return (
    <>
      <IconButton
        aria-label={t('medicines.list.delete', { name: medicine.name })}
        onClick={() => setOpen(true)}
      >
        <DeleteOutlined />
      </IconButton>
      <ConfirmDialog
        open={open}
        title={t('medicines.delete.title')}
        question={t('medicines.delete.question', { name: medicine.name })}
        cancelLabel={t('medicines.delete.cancel')}
        confirmLabel={t('medicines.delete.confirm')}
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
