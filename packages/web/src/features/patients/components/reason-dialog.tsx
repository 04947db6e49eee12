import type { ProfileListEntry } from '@dosedot/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureKey } from '../../../lib/api-client';
import { useStartImpersonation } from '../api/start-impersonation';

/** The shortest reason the server takes (contract: startImpersonationRequestSchema). */
const REASON_MIN = 3;
const REASON_MAX = 500;

interface ReasonDialogProps {
  entry: ProfileListEntry | null;
  onClose: () => void;
  onStarted: () => void;
}

/**
 * Before acting for a patient the administrator names why; the reason is kept with every access
 * and the patient reads it on their profile.
 */
export function ReasonDialog({ entry, onClose, onStarted }: ReasonDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const start = useStartImpersonation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (entry) {
      setReason('');
      setError(null);
      setFailure(null);
    }
  }, [entry]);
  const name = entry ? `${entry.attributes.givenname} ${entry.attributes.familyname}`.trim() : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    if (reason.trim().length < REASON_MIN) {
      setError(t('patients.reason.tooShort', { min: REASON_MIN }));
      return;
    }
    setFailure(null);
    start.mutate(
      { profileuid: entry.attributes.profileuid, reason: reason.trim() },
      {
        onSuccess: onStarted,
        onError: (err) => {
          const message =
            err instanceof ApiError ? err.fieldErrors.find((e) => e.path.at(-1) === 'reason') : undefined;
          if (message) setError(message.message);
          else setFailure(`${t('patients.reason.failed')} ${t(failureKey(err))}`);
        },
      },
    );
  };

  return (
    <Dialog open={entry !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('patients.reason.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('patients.reason.text')}</DialogContentText>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <TextField
            autoFocus
            fullWidth
            required
            multiline
            minRows={2}
            label={t('patients.reason.label')}
            value={reason}
            error={!!error}
            helperText={error ?? t('patients.reason.help')}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('patients.reason.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={start.isPending}>
            {t('patients.reason.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
