import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { withEmailAddress } from '../../../components/email-address';
import { failureKey } from '../../../lib/api-client';
import { useUser } from '../../../lib/current-user';
import { useSendEmailConfirmation } from '../api/send-email-confirmation';

/**
 * Above every private page while the signed-in user's address is unconfirmed: right after sign-up
 * it says to check the inbox; later it asks to confirm. "Send again" mails a new link; the message
 * can be hidden for the rest of the visit (it stays mounted with the layout). Not an alert: it is
 * no news that interrupts, and pages keep their own alerts to themselves.
 */
export function ConfirmEmailBanner() {
  const { t } = useTranslation();
  const user = useUser();
  const location = useLocation();
  const send = useSendEmailConfirmation();
  const [hidden, setHidden] = useState(false);
  const [justSignedUp] = useState(() => !!(location.state as { signedUp?: boolean } | null)?.signedUp);
  const titleId = useId();

  const me = user.data;
  if (!me || me.confirmed || hidden) return null;
  const status = send.isSuccess
    ? withEmailAddress(t('auth.confirmBanner.sent', { email: me.email }), me.email)
    : send.isError
      ? t(failureKey(send.error))
      : null;
  return (
    <Alert
      role="region"
      aria-labelledby={titleId}
      severity={send.isError ? 'warning' : 'info'}
      icon={<MarkEmailUnread fontSize="inherit" />}
      onClose={() => setHidden(true)}
      closeText={t('auth.confirmBanner.dismiss')}
      sx={{ mb: 3 }}
    >
      <AlertTitle id={titleId}>
        {justSignedUp ? t('auth.confirmBanner.checkInbox') : t('auth.confirmBanner.title')}
      </AlertTitle>
      {withEmailAddress(t('auth.confirmBanner.text', { email: me.email }), me.email)}
      <div>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          sx={{ mt: 1.5 }}
          disabled={send.isPending || send.isSuccess}
          onClick={() => send.mutate({ email: me.email })}
        >
          {t('auth.confirmBanner.sendAgain')}
        </Button>
      </div>
      <div aria-live="polite" style={status ? { marginTop: 8 } : undefined}>
        {status}
      </div>
    </Alert>
  );
}
