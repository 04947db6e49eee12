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
import { PhoneRows } from '../../../components/phone-rows';
import { usePhone } from '../../../hooks/use-phone';
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
 * failure failed), how, from which address. On a phone, each sign-in is an entry of a list: the
 * table's five columns were twice a phone's width, everything but the time behind a sideways scroll.
 */
export function SignInTable({ entries }: { entries: SignIn[] }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const phone = usePhone();
  const viewerZone = browserZone();
  const when = (e: SignIn) => (
    <time dateTime={e.at}>{formatInZone(e.at, e.user?.timezone ?? viewerZone, lang, WHEN, viewerZone)}</time>
  );
  const who = (e: SignIn) => (e.user ? e.user.username : t('security.signIns.noAccount'));
  const contact = (e: SignIn) =>
    `${e.email ?? '–'}${e.user?.role === 'admin' ? ` · ${t('security.signIns.admin')}` : ''}`;
  const outcome = (e: SignIn) => (
    <Chip
      size="small"
      color={OUTCOME_COLOR[e.outcome]}
      variant={e.outcome === 'challenge' ? 'outlined' : 'filled'}
      label={t(`security.signIns.outcome.${e.outcome}`)}
    />
  );
  const address = (e: SignIn) => (
    <Box component="span" sx={{ fontFamily: 'monospace' }}>
      {e.ip ?? '–'}
    </Box>
  );
  if (phone)
    return (
      <Box sx={{ px: 2 }}>
        <PhoneRows
          label={t('security.signIns.label')}
          rows={entries.map((e) => ({
            key: String(e.id),
            title: who(e),
            subtitle: [contact(e), when(e)],
            status: (
              <>
                {outcome(e)}
                {e.reason ? (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {reasonText(t, e.method, e.reason)}
                  </Typography>
                ) : null}
              </>
            ),
            details: [
              [t('security.signIns.columns.method'), methodLabel(t, e.method)],
              [t('security.signIns.columns.address'), address(e)],
            ],
          }))}
        />
      </Box>
    );
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e)}</TableCell>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {who(e)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {contact(e)}
                </Typography>
              </TableCell>
              <TableCell>
                {outcome(e)}
                {e.reason ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                    {reasonText(t, e.method, e.reason)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{methodLabel(t, e.method)}</TableCell>
              <TableCell>{address(e)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
