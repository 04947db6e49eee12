import type { Medicine } from '@dosedot/domain';
import { localToUtc, toLocalIso } from '@dosedot/domain/time';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { useCreateIntake } from '../api/create-intake';

/** A few minutes of a phone's clock running fast are allowed (the server's INTAKE_FUTURE_SLACK_MS). */
const SLACK_MS = 5 * 60_000;

interface TookOneDialogProps {
  medicine: Medicine;
  open: boolean;
  onClose: () => void;
}

/**
 * 'I took one' of an as-needed medicine: now, or at a chosen time (in the patient's zone), with an
 * optional amount. Stored as an intake entered by hand, never as a box press.
 */
export function TookOneDialog({ medicine, open, onClose }: TookOneDialogProps) {
  const { t } = useTranslation();
  const { zone } = useViewer();
  const titleId = useId();
  const create = useCreateIntake();
  const [when, setWhen] = useState<'now' | 'earlier'>('now');
  const [time, setTime] = useState(() => toLocalIso(Date.now(), zone).slice(0, 16));
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ time?: string; amount?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    const takenAt = when === 'now' ? null : localToUtc(time.slice(0, 10), time.slice(11, 16), zone);
    if (takenAt !== null && (Number.isNaN(takenAt) || takenAt > Date.now() + SLACK_MS))
      found.time = t('medicines.intake.future');
    else if (takenAt !== null && time.slice(0, 10) < medicine.start_date)
      found.time = t('medicines.intake.beforeStart');
    const value = amount.trim() === '' ? null : Number(amount.replace(',', '.'));
    if (value !== null && !(value > 0)) found.amount = t('medicines.intake.amountPositive');
    setErrors(found);
    if (found.time || found.amount) return;
    create.mutate(
      {
        medicine: medicine.id,
        ...(takenAt === null ? {} : { taken_at: new Date(takenAt).toISOString() }),
        ...(value === null ? {} : { amount: value }),
      },
      {
        onSuccess: () => {
          notify.success(t('medicines.intake.saved'));
          setAmount('');
          setWhen('now');
          onClose();
        },
        onError: () => notify.error(t('medicines.intake.failed')),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('medicines.intake.title', { name: medicine.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <RadioGroup
              aria-label={t('medicines.intake.when')}
              value={when}
              onChange={(e) => {
                setWhen(e.target.value === 'earlier' ? 'earlier' : 'now');
                if (e.target.value === 'earlier') setTime(toLocalIso(Date.now(), zone).slice(0, 16));
              }}
            >
              <FormControlLabel value="now" control={<Radio />} label={t('medicines.intake.now')} />
              <FormControlLabel value="earlier" control={<Radio />} label={t('medicines.intake.earlier')} />
            </RadioGroup>
            {when === 'earlier' ? (
              <TextInput
                label={t('medicines.intake.time')}
                type="datetime-local"
                value={time}
                fullWidth
                error={Boolean(errors.time)}
                helperText={errors.time}
                onChange={(e) => setTime(e.target.value)}
              />
            ) : null}
            <TextInput
              label={t('medicines.intake.amount')}
              type="text"
              value={amount}
              fullWidth
              error={Boolean(errors.amount)}
              helperText={errors.amount}
              inputProps={{ inputMode: 'decimal' }}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('medicines.intake.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('medicines.intake.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
