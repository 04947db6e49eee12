import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { useHealthErrorText } from '../hooks/use-health-error-text';
import { numberOrNull, textOrNull } from '../utils/format';

export interface FieldProps<T extends FieldValues, O> {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
}

/** A text, date or number input bound to the form; empty optional values are sent as null. */
export function InputField<T extends FieldValues, O>({
  form,
  name,
  label,
  kind = 'text',
  type,
  hint,
  required = false,
  step,
  multiline,
}: FieldProps<T, O> & {
  kind?: 'text' | 'optional' | 'number';
  type?: string;
  hint?: string;
  required?: boolean;
  step?: number;
  multiline?: boolean;
}) {
  const id = useId();
  const errorText = useHealthErrorText();
  const error = errorText(get(form.formState.errors, name));
  const setValueAs = kind === 'number' ? numberOrNull : kind === 'optional' ? textOrNull : undefined;
  const { ref, ...registered } = form.register(name, { setValueAs });
  const help = error ?? hint;
  // A date input always shows its mask, so its label stays above it.
  const shrink = type === 'date' ? true : undefined;
  return (
    <FormControl fullWidth required={required} error={!!error}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...registered}
        id={id}
        inputRef={ref}
        type={type ?? (kind === 'number' ? 'number' : 'text')}
        label={required ? `${label} *` : label}
        notched={shrink}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        inputProps={{
          'aria-describedby': help ? `${id}-help` : undefined,
          ...(kind === 'number' ? { step: step ?? 'any', inputMode: 'decimal' as const } : {}),
        }}
      />
      {help ? <FormHelperText id={`${id}-help`}>{help}</FormHelperText> : null}
    </FormControl>
  );
}
