import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useHealthErrorText } from '../hooks/use-health-error-text';
import type { FieldProps } from './fields';

/** A choice from an enumeration (native select: right on phones, by keyboard and for screen readers). */
export function SelectField<T extends FieldValues, O>({
  form,
  name,
  label,
  options,
  required = false,
}: FieldProps<T, O> & { options: readonly { value: string; label: string }[]; required?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useHealthErrorText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl fullWidth required={required} error={!!fieldState.error}>
          <InputLabel htmlFor={id} shrink>
            {label}
          </InputLabel>
          <NativeSelect
            input={<OutlinedInput notched label={required ? `${label} *` : label} />}
            inputProps={{ id, 'aria-describedby': fieldState.error ? `${id}-help` : undefined }}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
            onBlur={field.onBlur}
          >
            <option value="">{t(required ? 'healthData.choose' : 'healthData.notStated')}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          {fieldState.error ? (
            <FormHelperText id={`${id}-help`}>{errorText(fieldState.error)}</FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );
}

/** A yes/no answer. */
export function SwitchField<T extends FieldValues, O>({ form, name, label }: FieldProps<T, O>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={!!field.value}
              onChange={(_, checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
