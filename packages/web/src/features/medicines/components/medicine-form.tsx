import { GALENIC_FORMS } from '@dosedot/domain/schedule';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import type { MedicineFormValues } from '../api/medicine-form-schema';
import { STRENGTH_UNITS } from '../utils/strength';
import { DosageTimesField } from './dosage-times-field';

interface MedicineFormProps {
  form: UseFormReturn<MedicineFormValues>;
  /** The dosage times are edited with the form (a new medicine) or in the schedule (an existing one). */
  withTimes: boolean;
}

/**
 * The fields of a medicine: name, type, strength, form, dates, dosage times, the storage range
 * (decision 0006) and the description.
 */
export function MedicineForm({ form, withTimes }: MedicineFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { errors } = form.formState;
  const type = form.watch('type');
  const text = (name: keyof MedicineFormValues) => ({
    ...form.register(name),
    error: !!errors[name],
    helperText: errorText(errors[name] as { message?: string } | undefined),
    fullWidth: true,
  });
  const select = (name: 'type' | 'unit' | 'galenic_form', label: string, options: [string, string][]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField {...field} select label={label} fullWidth error={!!errors[name]}>
          {options.map(([value, optionLabel]) => (
            <MenuItem key={value} value={value}>
              {optionLabel}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Stack spacing={2.5}>
      <TextField {...text('name')} label={t('medicines.form.name')} required autoComplete="off" />
      {select('type', t('medicines.form.type'), [
        ['1', t('medicines.form.type1')],
        ['2', t('medicines.form.type2')],
      ])}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr' } }}>
        <TextField {...text('amount')} label={t('medicines.form.amount')} inputMode="decimal" />
        {select('unit', t('medicines.form.unit'), [
          ['', t('medicines.form.noUnit')],
          ...STRENGTH_UNITS.map((u): [string, string] => [u, t(`medicines.units.${u}`, { defaultValue: u })]),
        ])}
        {select('galenic_form', t('medicines.form.galenicForm'), [
          ['', t('medicines.form.noForm')],
          ...GALENIC_FORMS.map((f): [string, string] => [f, t(`medicines.forms.${f}`)]),
        ])}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...text('start_date')}
          type="date"
          label={t('medicines.form.startDate')}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...text('end_date')}
          type="date"
          label={t('medicines.form.endDate')}
          helperText={errorText(errors.end_date) ?? t('medicines.form.endDateHint')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {withTimes && type === '1' ? <DosageTimesField form={form} /> : null}
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, p: 0 }}>
          {t('medicines.form.storage')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('medicines.form.storageHint')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <TextField
            {...text('storage_temp_min')}
            label={t('medicines.form.storageTempMin')}
            inputMode="decimal"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">°C</InputAdornment> } }}
          />
          <TextField
            {...text('storage_temp_max')}
            label={t('medicines.form.storageTempMax')}
            inputMode="decimal"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">°C</InputAdornment> } }}
          />
          <TextField
            {...text('storage_humidity_max')}
            label={t('medicines.form.storageHumidityMax')}
            inputMode="decimal"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
        </Box>
      </Box>
      <TextField {...text('description')} label={t('medicines.form.description')} multiline minRows={2} />
    </Stack>
  );
}
