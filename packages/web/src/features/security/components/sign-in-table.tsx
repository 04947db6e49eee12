import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { browserZone, formatInZone } from '../../../lib/time-zone';
import { useViewer } from '../../../lib/viewer';
import type { SignIn } from '../api/get-sign-ins';
import { reasonText } from './sign-in-reason';

const OUTCOME_COLOR = { success: 'success', failure: 'error', challenge: 'default' } as const;

/** "password+totp" → "Password and code"; "oidc:keycloak" → "keycloak". */
export function methodLabel(t: TFunction, method: string | null): string {
  const [first = 'password', second] = (method ?? 'password').split('+');
  const start = first.startsWith('oidc:')
    ? t('security.signIns.method.provider', { provider: first.slice(5) })
    : first === 'password_reset'
      ? t('security.signIns.method.passwordReset')
      : t('security.signIns.method.password');
  if (second === 'totp') return t('security.signIns.method.withCode', { first: start });
  if (second === 'recovery_code') return t('security.signIns.method.withRecovery', { first: start });
  return start;
}

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/**
 * The sign-ins of a page: when (in the zone of the person signing in, with its abbreviation when it
 * is not the reader's; the reader's own zone for an address with no account), who, result (and why a
 * failure failed), how, from which address.
 */
export function SignInTable({ entries }: { entries: SignIn[] }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const viewerZone = browserZone();
  return (
    <TableContainer>
      <Table aria-label={t('security.signIns.label')} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('security.signIns.columns.time')}</TableCell>
            <TableCell>{t('security.signIns.columns.person')}</TableCell>
            <TableCell>{t('security.signIns.columns.result')}</TableCell>
            <TableCell>{t('security.signIns.columns.method')}</TableCell>
            <TableCell>{t('security.signIns.columns.address')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={e.at}>
                  {formatInZone(e.at, e.user?.timezone ?? viewerZone, lang, WHEN, viewerZone)}
                </time>
              </TableCell>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {e.user ? e.user.username : t('security.signIns.noAccount')}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {e.email ?? '–'}
                  {e.user?.role === 'admin' ? ` · ${t('security.signIns.admin')}` : ''}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={OUTCOME_COLOR[e.outcome]}
                  variant={e.outcome === 'challenge' ? 'outlined' : 'filled'}
                  label={t(`security.signIns.outcome.${e.outcome}`)}
                />
                {e.reason ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                    {reasonText(t, e.method, e.reason)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{methodLabel(t, e.method)}</TableCell>
              <TableCell>
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {e.ip ?? '–'}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
