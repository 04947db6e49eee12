import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignFailure } from '../lib/assign-refusal';

/**
 * When the patient got the box (issue 24 item 11): an optional date and time on the patient's wall
 * clock ('YYYY-MM-DDTHH:MM', read by the server in the patient's zone). Empty means now.
 */
function HandoverField({
  value,
  onChange,
  errorKey,
}: {
  value: string;
  onChange: (value: string) => void;
  /** A catalog key saying what is wrong with the moment (the server's reason), or null. */
  errorKey: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = t('assign.since.label');
  return (
    <FormControl variant="outlined" fullWidth error={errorKey !== null}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name="since"
        type="datetime-local"
        notched
        label={label}
        value={value}
        inputProps={{ step: 60, 'aria-describedby': `${id}-help` }}
        onChange={(e) => onChange(e.target.value)}
      />
      <FormHelperText id={`${id}-help`}>{errorKey ? t(errorKey) : t('assign.since.help')}</FormHelperText>
    </FormControl>
  );
}

/**
 * The end of both assign dialogs: when the patient got the box, and under it why the server refused
 * the assignment (when the moment is what is wrong, the field itself says so).
 */
export function AssignHandover({
  since,
  onChange,
  failure,
}: {
  since: string;
  onChange: (value: string) => void;
  failure: AssignFailure | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <HandoverField value={since} errorKey={failure?.since ?? null} onChange={onChange} />
      {failure && !failure.since ? (
        <Alert severity="error" role="alert">
          {t(failure.reason)}
        </Alert>
      ) : null}
    </>
  );
}
