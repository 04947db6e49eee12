import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useHealthErrorText } from '../hooks/use-health-error-text';
import type { FieldProps } from './fields';

/** The first message of a list's errors: the list's own, or one of an entry. */
const firstMessage = (error: unknown): { message?: string } | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return { message: error.message };
  return Object.values(error).map(firstMessage).find(Boolean);
};

/**
 * A list typed one entry at a time: Enter (or leaving the field) adds what was typed as a chip;
 * a chip's cross, Delete or Backspace removes it. `emptyText` shows while the list is empty.
 */
export function ChipsField<T extends FieldValues, O>({
  form,
  name,
  label,
  inputLabel,
  emptyText,
}: FieldProps<T, O> & { inputLabel: string; emptyText: string }) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useHealthErrorText();
  const { field, fieldState } = useController({ control: form.control, name });
  const [draft, setDraft] = useState('');
  const items: string[] = Array.isArray(field.value) ? field.value : [];
  const error = errorText(firstMessage(fieldState.error));

  const add = () => {
    const entry = draft.trim();
    if (entry && !items.some((item) => item.toLowerCase() === entry.toLowerCase())) {
      field.onChange([...items, entry]);
    }
    setDraft('');
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {label}
      </Typography>
      <FormControl fullWidth error={!!error}>
        <InputLabel htmlFor={id}>{inputLabel}</InputLabel>
        <OutlinedInput
          id={id}
          label={inputLabel}
          value={draft}
          inputRef={field.ref}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              add();
            }
          }}
          onBlur={() => {
            add();
            field.onBlur();
          }}
          inputProps={{ 'aria-describedby': `${id}-help` }}
        />
        <FormHelperText id={`${id}-help`}>{error ?? t('healthData.medical.enterHint')}</FormHelperText>
      </FormControl>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {emptyText}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={label}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, mt: 1, mb: 0 }}
        >
          {items.map((item) => (
            <Box component="li" key={item} sx={{ listStyle: 'none' }}>
              <Chip
                label={item}
                aria-label={t('healthData.medical.remove', { item })}
                onDelete={() => field.onChange(items.filter((other) => other !== item))}
                // A tap target of 44 px, as everywhere on a phone (MUI's chip is 32 px high).
                sx={{ height: 44, borderRadius: 22 }}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
