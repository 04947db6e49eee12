import AddAlarm from '@mui/icons-material/AddAlarm';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import type { MedicineFormValues } from '../api/medicine-form-schema';

/** The dosage times of a new medicine: one time input per dose of the day. */
export function DosageTimesField({ form }: { form: UseFormReturn<MedicineFormValues> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const headingId = useId();
  const times = useFieldArray({ control: form.control, name: 'dosage_times' });
  const errors = form.formState.errors.dosage_times;
  // An error of the whole list (the server's 'already scheduled'), not of one time.
  const listError = errorText(errors?.root ?? (errors?.message ? errors : undefined));

  return (
    <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography id={headingId} variant="subtitle2" component="legend" sx={{ mb: 1 }}>
        {t('medicines.form.dosageTimes')}
      </Typography>
      <Stack spacing={1.5}>
        {times.fields.map((field, i) => (
          <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              {...form.register(`dosage_times.${i}.time`)}
              type="time"
              label={t('medicines.form.dosageTime', { n: i + 1 })}
              error={!!errors?.[i]?.time}
              helperText={errorText(errors?.[i]?.time)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
              sx={{ flex: 1 }}
            />
            <IconButton
              aria-label={t('medicines.form.removeTime', { n: i + 1 })}
              onClick={() => times.remove(i)}
              sx={{ mt: 1 }}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
        {listError ? (
          <FormHelperText error role="alert">
            {listError}
          </FormHelperText>
        ) : null}
        <Box>
          <Button startIcon={<AddAlarm />} onClick={() => times.append({ time: '' })}>
            {t('medicines.form.addTime')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
