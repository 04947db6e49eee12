import type { Role } from '@dosedot/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useUpdateUser } from '../api/update-user';
import { userActionFailureKey } from '../utils/user-action-failure';

export interface RoleChange {
  id: number;
  name: string;
  role: Role;
}

/**
 * Makes a patient an administrator or an administrator a patient: the acting administrator
 * confirms with a current code from their authenticator app. Without two-step sign-in they are
 * told to turn it on first; the server's refusal (the last administrator, a box held) in words.
 */
export function RoleChangeDialog({ change, onClose }: { change: RoleChange | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const me = useUser();
  const update = useUpdateUser();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (change) {
      setCode('');
      setFieldError(null);
      setFailure(null);
    }
  }, [change]);
  const toAdmin = change?.role === 'admin';
  const hasSecondFactor = me.data?.meta.twoFactor === true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setFieldError('patientActions.errors.codeFormat');
    setFieldError(null);
    setFailure(null);
    update.mutate(
      { id: change.id, role: change.role, code: typed },
      {
        onSuccess: () => {
          notify.success(
            t(toAdmin ? 'patientActions.role.doneAdmin' : 'patientActions.role.donePatient', {
              name: change.name,
            }),
          );
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400 && err.fieldMessage('code'))
            setFieldError('patientActions.errors.wrongCode');
          else setFailure(userActionFailureKey(err));
        },
      },
    );
  };

  return (
    <Dialog open={change !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {t(toAdmin ? 'patientActions.role.titleAdmin' : 'patientActions.role.titlePatient', {
            name: change?.name ?? '',
          })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t(toAdmin ? 'patientActions.role.textAdmin' : 'patientActions.role.textPatient', {
              name: change?.name ?? '',
            })}
          </DialogContentText>
          <Stack spacing={2}>
            {failure ? (
              <Alert severity="error" role="alert">
                {t(failure)}
              </Alert>
            ) : null}
            {hasSecondFactor ? (
              <TextInput
                label={t('patientActions.role.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                error={!!fieldError}
                helperText={fieldError ? t(fieldError) : t('patientActions.role.codeHelp')}
                inputProps={{ inputMode: 'numeric', maxLength: 7, autoFocus: true }}
                fullWidth
              />
            ) : (
              <Alert severity="warning">
                {t('patientActions.role.needsTwoFactor')}{' '}
                <AppLink to={paths.profileSecurity}>{t('patientActions.role.openSecurity')}</AppLink>
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('patientActions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={update.isPending || !hasSecondFactor}>
            {t('patientActions.role.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
