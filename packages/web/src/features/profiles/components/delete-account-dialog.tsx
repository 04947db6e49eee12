import Alert from '@mui/material/Alert';
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
import { useDeleteAccount } from '../api/delete-account';

type Field = 'password' | 'code';

/** The catalog key of a failed deletion: at its field (wrong password or code), or for the dialog. */
function failureOf(error: unknown): { field?: Field; key: string } {
  if (error instanceof ApiError) {
    const field = error.fieldErrors[0]?.path.at(-1);
    if (error.status === 400 && field === 'code') return { field: 'code', key: 'account.delete.wrongCode' };
    if (error.status === 400) return { field: 'password', key: 'account.delete.wrongPassword' };
    if (error.status === 409) return { key: 'account.delete.lastAdmin' };
    if (error.status === 403) return { key: 'account.delete.notYours' };
  }
  return { key: failureKey(error) };
}

/**
 * 'Delete my account': says what goes and what stays, asks for the password (and a code from the
 * authenticator app when two-step sign-in is on), then deletes at once and signs out.
 */
export function DeleteAccountDialog({
  open,
  twoFactor,
  onClose,
}: {
  open: boolean;
  twoFactor: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<{ field?: Field; key: string } | null>(null);

  const close = () => {
    setPassword('');
    setCode('');
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setFailure({ field: 'password', key: 'validation.required' });
    const typed = code.replace(/\s/g, '');
    if (twoFactor && !/^\d{6}$/.test(typed))
      return setFailure({ field: 'code', key: 'account.delete.codeFormat' });
    setFailure(null);
    remove.mutate(
      { password, ...(twoFactor ? { code: typed } : {}) },
      { onError: (error) => setFailure(failureOf(error)) },
    );
  };

  const at = (field: Field) => (failure?.field === field ? t(failure.key) : undefined);
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('account.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('account.delete.what')}</DialogContentText>
          <DialogContentText sx={{ mb: 2 }}>{t('account.delete.stays')}</DialogContentText>
          <Stack spacing={2}>
            {failure && !failure.field ? (
              <Alert severity="error" role="alert">
                {t(failure.key)}
              </Alert>
            ) : null}
            <TextInput
              label={t('account.delete.password')}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              error={failure?.field === 'password'}
              helperText={at('password')}
              inputProps={{ autoFocus: true }}
              fullWidth
            />
            {twoFactor ? (
              <TextInput
                label={t('account.delete.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                error={failure?.field === 'code'}
                helperText={at('code')}
                inputProps={{ inputMode: 'numeric', maxLength: 7 }}
                fullWidth
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={close}>{t('account.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={remove.isPending}>
            {t('account.delete.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
