import { STRENGTH_UNITS } from '@dosedot/domain/contract';
import { GALENIC_FORMS } from '@dosedot/domain/schedule';
import Alert from '@mui/material/Alert';
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
import { DosageTimesField } from './dosage-times-field';

/** As many columns as fit with room for the longest label (one on a phone). */
const COLUMNS = 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))';

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
  // Dosage times edited elsewhere (the schedule) can still be refused: say so here, not nowhere.
  const timesError = errors.dosage_times;
  const hiddenTimesError = timesError
    ? (errorText(timesError.root ?? timesError) ??
      errorText(timesError.find?.((item) => item?.time)?.time) ??
      t('medicines.form.timeInvalid'))
    : undefined;
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
      render={({ field: { ref, ...field } }) => (
        <TextField
          {...field}
          inputRef={ref}
          select
          label={label}
          fullWidth
          error={!!errors[name]}
          helperText={errorText(errors[name])}
          // The empty choice ('No unit', 'Not given') is a choice too: shown, not a blank field.
          // A long choice wraps rather than being cut on a phone ("Nach Plan (tägliche Einnahmezeiten)").
          slotProps={{
            select: { displayEmpty: true, SelectDisplayProps: { style: { whiteSpace: 'normal' } } },
            inputLabel: { shrink: true },
          }}
        >
          {options.map(([value, optionLabel]) => (
            <MenuItem key={value} value={value}>
              {optionLabel}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  // The label stays above the field, so it never runs into the unit at the field's end.
  const limit = (name: keyof MedicineFormValues, label: string, unit: string) => (
    <TextField
      {...text(name)}
      label={label}
      inputMode="decimal"
      slotProps={{
        inputLabel: { shrink: true },
        input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
      }}
    />
  );

  return (
    <Stack spacing={2.5}>
      <TextField {...text('name')} label={t('medicines.form.name')} required autoComplete="off" />
      {select('type', t('medicines.form.type'), [
        ['1', t('medicines.form.type1')],
        ['2', t('medicines.form.type2')],
      ])}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: COLUMNS }}>
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
      {withTimes && type === '1' ? (
        <DosageTimesField form={form} />
      ) : hiddenTimesError ? (
        <Alert severity="error" role="alert">
          {hiddenTimesError}
        </Alert>
      ) : null}
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, p: 0 }}>
          {t('medicines.form.storage')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('medicines.form.storageHint')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: COLUMNS }}>
          {limit('storage_temp_min', t('medicines.form.storageTempMin'), '°C')}
          {limit('storage_temp_max', t('medicines.form.storageTempMax'), '°C')}
          {limit('storage_humidity_max', t('medicines.form.storageHumidityMax'), '%')}
        </Box>
      </Box>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, p: 0 }}>
          {t('medicines.form.stock')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('medicines.form.stockHint')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...text('stock')}
            label={t('medicines.form.stockCount')}
            inputMode="decimal"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            {...text('per_intake')}
            label={t('medicines.form.perIntake')}
            inputMode="decimal"
            placeholder="1"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
      </Box>
      <TextField {...text('description')} label={t('medicines.form.description')} multiline minRows={2} />
    </Stack>
  );
}
