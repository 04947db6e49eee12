import { type AccessLogResponse, USER_ADMIN_ACTIONS } from '@dosedot/domain';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { ListPager } from '../../../components/list-pager';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { failureKey } from '../../../lib/api-client';
import { formatInZone } from '../../../lib/time-zone';
import { useViewer } from '../../../lib/viewer';
import { useAccessLog } from '../api/get-access-log';

/** The audited actions the patient reads in words (the audit's action without its prefix). */
const ACTIONS = [
  'start',
  'stop',
  'read_profile',
  'read_schedule',
  'read_medicines',
  'read_medicine',
  'read_adherence',
  'read_storage_alerts',
  'read_reminders',
  'edit_reminders',
  'read_presses',
  'read_climate',
  'read_chart',
  'add_medicine',
  'edit_medicine',
  'remove_medicine',
  'add_schedule',
  'remove_schedule',
  'read_health_data',
  'write_health_data',
  'export_health_data',
  'export_account',
  'preview_emediplan',
  'import_emediplan',
  'export_emediplan',
  // What an administrator did to the account (blocked it, sent a reset…): profile.access.actions.user.*
  ...USER_ADMIN_ACTIONS,
];

const SECTIONS = [
  'basic-information',
  'physical-measurements',
  'vision',
  'medical-information',
  'emergency-contact',
  'additional-information',
];

type Touched = AccessLogResponse['data'][number]['touched'];

/** What an access touched, in words: the medicine, the dates, the box, the health-data section. */
function touchedText(touched: Touched, t: TFunction, day: (iso: string) => string): string {
  const parts: string[] = [];
  if (touched.medicine) parts.push(t('profile.access.touched.medicine', { name: touched.medicine }));
  if (touched.from && touched.to)
    parts.push(t('profile.access.touched.range', { from: day(touched.from), to: day(touched.to) }));
  else if (touched.from || touched.to) parts.push(day(touched.from ?? touched.to ?? ''));
  if (touched.deveui) parts.push(t('profile.access.touched.box', { deveui: touched.deveui }));
  if (touched.section && SECTIONS.includes(touched.section))
    parts.push(t(`profile.access.touched.sections.${touched.section}`));
  return parts.join(' · ');
}

/**
 * Accountable access: who opened the patient's data as an administrator, when and why (from the
 * audit log, newest first, a page at a time).
 */
export function AccessLogCard() {
  // The patient's zone (the profile's), with its abbreviation when the reader's browser is elsewhere.
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useAccessLog(page);
  const dateOnly = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  // A date of the range (YYYY-MM-DD) as the patient reads dates; an instant as it was sent.
  const day = (value: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? dateOnly.format(new Date(`${value}T00:00:00Z`)) : value;

  let body: React.ReactNode;
  if (log.isPending) body = <LoadingSkeleton rows={3} />;
  else if (log.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void log.refetch()}>
            {t('errors.retry')}
          </Button>
        }
      >
        {t('profile.access.failed')} {t(failureKey(log.error))}
      </Alert>
    );
  else if (log.data.meta.pagination.total === 0)
    body = (
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
        <VisibilityOutlined aria-hidden="true" />
        <Typography>{t('profile.access.empty')}</Typography>
      </Box>
    );
  else
    body = (
      <>
        <List aria-label={t('profile.access.title')} disablePadding>
          {log.data.data.map((e) => {
            const action = e.action.replace(/^(impersonation|caregiver)\./, '');
            const byCaregiver = e.action.startsWith('caregiver.');
            const who = e.admin
              ? `${e.admin.givenname} ${e.admin.familyname}`.trim() || e.admin.email
              : t('profile.access.unknown');
            return (
              <ListItem
                key={`${e.at}|${e.action}|${e.reason ?? ''}`}
                divider
                disableGutters
                alignItems="flex-start"
              >
                <ListItemText
                  primary={t(byCaregiver ? 'profile.access.entryCaregiver' : 'profile.access.entry', {
                    who,
                    what: t(
                      ACTIONS.includes(action)
                        ? `profile.access.actions.${action}`
                        : 'profile.access.actions.other',
                    ),
                  })}
                  secondary={
                    <>
                      <Box component="time" dateTime={e.at} sx={{ display: 'block' }}>
                        {formatInZone(e.at, zone, lang)}
                        {e.admin ? ` · ${e.admin.email}` : ''}
                      </Box>
                      {touchedText(e.touched, t, day) ? (
                        <Box component="span" sx={{ display: 'block' }}>
                          {touchedText(e.touched, t, day)}
                        </Box>
                      ) : null}
                      {e.reason ? <span>{t('profile.access.reason', { reason: e.reason })}</span> : null}
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
        <ListPager pageCount={log.data.meta.pagination.pageCount} page={page} onChange={setPage} />
      </>
    );

  return (
    <ContentCard title={t('profile.access.title')} description={t('profile.access.description')}>
      {body}
    </ContentCard>
  );
}
