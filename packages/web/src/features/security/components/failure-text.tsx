import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Why the last call failed (a catalog key), announced to screen readers. */
export function FailureText({ messageKey }: { messageKey: string | null }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <Alert severity="error" role="alert">
      {t(messageKey)}
    </Alert>
  );
}
