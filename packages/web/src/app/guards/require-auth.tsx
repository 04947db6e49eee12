import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../../components/loading';
import { failureKey } from '../../lib/api-client';
import { useUser } from '../../lib/current-user';
import { useSession } from '../../lib/session-store';
import { signInFor } from './auth-redirect';

/**
 * Pages require login: signed out, go to sign-in and come back here afterwards (after a logout,
 * just to sign-in). The loader above covers navigations; this covers a session that ends while a
 * page is open. While the current user loads, show that; a 401 ends the session in the API client,
 * which lands here signed out.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const location = useLocation();
  const user = useUser();

  if (!token) return <Navigate replace to={signInFor(location.pathname, location.search)} />;
  if (user.isPending) return <Loading fullPage />;
  if (user.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void user.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        >
          {t(failureKey(user.error))}
        </Alert>
      </Container>
    );
  }
  return children;
}
