import type { Medicine } from '@dosedot/domain';
import AddAlarm from '@mui/icons-material/AddAlarm';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import { ApiError, failureKey } from '../../../lib/api-client';
import { shortTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCreateSchedule } from '../api/create-schedule';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Add schedule: one more dosage time for the medicine. */
export function AddScheduleForm({ medicine }: { medicine: Medicine }) {
  const { t } = useTranslation();
  const create = useCreateSchedule();
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!TIME.test(time)) return setError(t('medicines.form.timeInvalid'));
    if (medicine.dosage_times.some((d) => shortTime(d) === time))
      return setError(t('medicines.form.duplicateTime'));
    setError(null);
    create.mutate(
      { medicine: medicine.id, time },
      {
        onSuccess: () => {
          setTime('');
          notify.success(t('medicines.toast.scheduleSaved'));
        },
        onError: (e) => {
          const message = e instanceof ApiError ? e.fieldErrors[0]?.message : undefined;
          setError(message ?? `${t('medicines.schedule.saveFailed')} ${t(failureKey(e))}`);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      // The field takes the row and the button goes under it when both do not fit with the whole
      // label ("Nouvelle heure de prise" was cut short beside the button on a phone).
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, alignItems: 'flex-start' }}
    >
      <TextInput
        type="time"
        size="small"
        shrinkLabel
        label={t('medicines.schedule.time')}
        value={time}
        onChange={(e) => setTime(e.target.value)}
        error={!!error}
        helperText={error}
        inputProps={{ step: 60 }}
        sx={{ flex: '1 1 13rem' }}
      />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<AddAlarm />}
        disabled={create.isPending}
        sx={{ mt: 0.25 }}
      >
        {t('medicines.schedule.add')}
      </Button>
    </Box>
  );
}
