import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Why the last submit failed (a catalog key), announced to screen readers. */
export function FailureAlert({ messageKey }: { messageKey: string | null }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <Alert severity="error" role="alert">
      {t(messageKey)}
    </Alert>
  );
}

/** The form's main button; it waits while the form is being sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
      {children}
    </Button>
  );
}

/** The line under an auth form with its link. */
export function FormFooter({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ mt: 4, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
