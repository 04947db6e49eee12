import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import { ApiError, failureKey } from '../../../lib/api-client';
import { FailureText } from './failure-text';

export type Proof = { code: string } | { password: string };

/**
 * Asks for a current code from the app (or the password instead) before turning two-step sign-in
 * off or making new recovery codes; `passwordOnly` asks for the password alone (setting it up).
 * `onSubmit` calls the server; its errors are shown at the field.
 */
export function ReauthDialog({
  open,
  title,
  text,
  confirmLabel,
  onSubmit,
  onClose,
  passwordOnly = false,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onSubmit: (proof: Proof) => Promise<unknown>;
  onClose: () => void;
  passwordOnly?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [withPassword, setWithPassword] = useState(passwordOnly);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = (password: boolean) => {
    setWithPassword(password || passwordOnly);
    setValue('');
    setFieldError(null);
    setFailure(null);
  };
  const close = () => {
    reset(false);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = withPassword ? value : value.replace(/\s/g, '');
    if (!typed) return setFieldError('validation.required');
    if (!withPassword && !/^\d{6}$/.test(typed)) return setFieldError('security.errors.codeFormat');
    setFieldError(null);
    setBusy(true);
    try {
      await onSubmit(withPassword ? { password: typed } : { code: typed });
      reset(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setFieldError(withPassword ? 'security.errors.wrongPassword' : 'security.errors.wrongCode');
      else setFailure(failureKey(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <Stack spacing={2}>
            <FailureText messageKey={failure} />
            <TextInput
              key={withPassword ? 'password' : 'code'}
              label={t(withPassword ? 'security.reauth.password' : 'security.reauth.code')}
              type={withPassword ? 'password' : 'text'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete={withPassword ? 'current-password' : 'one-time-code'}
              error={!!fieldError}
              helperText={fieldError ? t(fieldError) : undefined}
              inputProps={
                withPassword ? { autoFocus: true } : { inputMode: 'numeric', maxLength: 7, autoFocus: true }
              }
              fullWidth
            />
            {passwordOnly ? null : (
              <Button variant="text" onClick={() => reset(!withPassword)} sx={{ alignSelf: 'flex-start' }}>
                {t(withPassword ? 'security.reauth.useCode' : 'security.reauth.usePassword')}
              </Button>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('security.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
