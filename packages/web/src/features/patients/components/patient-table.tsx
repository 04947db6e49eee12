import type { ProfileListEntry } from '@dosedot/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../../lib/time-zone';
import { formatAgo, formatCreated, formatShare } from '../utils/format';
import type { ListParams, SortColumn } from '../utils/list-query';
import { ListPager } from './list-pager';
import { BlockedChip, PatientActionsMenu } from './patient-actions-menu';

interface PatientTableProps {
  label: string;
  entries: ProfileListEntry[];
  total: number;
  params: ListParams;
  onChange: (patch: Partial<ListParams>) => void;
  /** bak_index's compact table: small rows, no actions column. */
  compact?: boolean;
  /** The row's buttons (assign a sensor, impersonate). */
  actions?: (entry: ProfileListEntry) => ReactNode;
}

const cell = { px: 1, whiteSpace: 'nowrap' } as const;

/**
 * The patient list: sortable headers, one page of rows, the pager (the server sorts and pages). The
 * full list answers an administrator's questions (box, battery, last uplink and sign-in, adherence,
 * missed today; an inactive user's status beside the name); the compact one keeps status, language
 * and creation. Both fit their card from 1280 px; on a phone the table scrolls inside it.
 */
export function PatientTable({
  label,
  entries,
  total,
  params,
  onChange,
  compact,
  actions,
}: PatientTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sortable = (column: SortColumn, text: string, sx: object = {}, align: 'left' | 'right' = 'left') => (
    <TableCell
      sortDirection={params.sort === column ? params.direction : false}
      align={align}
      sx={{ px: 1, lineHeight: 1.3, ...sx }}
    >
      <TableSortLabel
        // The arrow of the other columns takes no room (it would widen each column by 26 px).
        sx={params.sort === column ? undefined : { '& .MuiTableSortLabel-icon': { display: 'none' } }}
        active={params.sort === column}
        direction={params.sort === column ? params.direction : 'asc'}
        onClick={() =>
          onChange({
            sort: column,
            direction: params.sort === column && params.direction === 'asc' ? 'desc' : 'asc',
          })
        }
      >
        {text}
      </TableSortLabel>
    </TableCell>
  );
  const when = (iso: string | null | undefined, zone: string) =>
    iso ? (
      <Box component="span" title={formatInZone(iso, zone, lang)}>
        {formatAgo(iso, lang)}
      </Box>
    ) : (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('patients.listing.never')}
      </Typography>
    );
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label={label} size="small" sx={{ '& td, & th': { py: compact ? 0.5 : 1 } }}>
          <TableHead>
            <TableRow>
              {sortable('name', t('patients.columns.name'), { pl: 2 })}
              {sortable('sensor', t('patients.listing.columns.box'))}
              {compact ? (
                <>
                  {sortable('status', t('patients.columns.status'))}
                  {sortable('language', t('patients.columns.language'))}
                  {sortable('createdAt', t('patients.columns.created'))}
                </>
              ) : (
                <>
                  {sortable('battery', t('patients.listing.columns.battery'), {}, 'right')}
                  {sortable('lastUplink', t('patients.listing.columns.lastUplink'))}
                  {sortable('lastSignIn', t('patients.listing.columns.lastSignIn'))}
                  {sortable('adherence', t('patients.listing.columns.adherence'), {}, 'right')}
                  {sortable(
                    'missedToday',
                    t('patients.listing.columns.missedToday'),
                    { maxWidth: 100 },
                    'right',
                  )}
                </>
              )}
              {actions ? (
                <TableCell align="right" sx={stickyEnd}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('patients.columns.actions')}
                  </Box>
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => {
              const a = entry.attributes;
              const name = `${a.givenname} ${a.familyname}`.trim();
              const zone = a.timezone ?? 'UTC';
              return (
                <TableRow key={entry.id} hover>
                  <TableCell sx={{ pl: 2, pr: 1, minWidth: 140, maxWidth: 190 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={name}>
                        {name}
                      </Typography>
                      {a.profiletype === 'admin' ? (
                        <Chip size="small" color="secondary" label={t('patients.listing.admin')} />
                      ) : null}
                      <BlockedChip entry={entry} />
                      {a.is_active || compact ? null : (
                        <Chip size="small" variant="outlined" label={t('patients.status.inactive')} />
                      )}
                    </Box>
                    {compact ? null : (
                      <Typography variant="body2" color="text.secondary" noWrap title={a.email}>
                        {a.email}
                      </Typography>
                    )}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      noWrap
                      title={a.profileuid}
                      sx={{ display: 'block', fontFamily: 'monospace' }}
                    >
                      {a.profileuid}
                    </Typography>
                  </TableCell>
                  <TableCell sx={cell}>
                    {a.sensor.data ? (
                      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
                        {a.sensor.data.attributes.deveui}
                      </Box>
                    ) : (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t('patients.noSensor')}
                      </Typography>
                    )}
                  </TableCell>
                  {compact ? (
                    <>
                      <TableCell sx={cell}>
                        <Chip
                          size="small"
                          variant={a.is_active ? 'filled' : 'outlined'}
                          color={a.is_active ? 'success' : 'default'}
                          label={a.is_active ? t('patients.status.active') : t('patients.status.inactive')}
                        />
                      </TableCell>
                      <TableCell sx={cell}>{t(`language.${a.language}`)}</TableCell>
                      <TableCell sx={cell}>{formatCreated(a.createdAt, lang, false)}</TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell sx={cell} align="right">
                        {a.battery == null ? '–' : formatShare(a.battery / 100, lang)}
                      </TableCell>
                      <TableCell sx={cell}>{a.sensor.data ? when(a.last_uplink_at, zone) : '–'}</TableCell>
                      <TableCell sx={cell}>{when(a.last_sign_in_at, zone)}</TableCell>
                      <TableCell sx={cell} align="right">
                        {a.adherence_7d == null ? (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {t('patients.listing.noneDue')}
                          </Typography>
                        ) : (
                          <Box
                            component="span"
                            title={t('patients.listing.doses', {
                              taken: a.doses_taken_7d,
                              due: a.doses_due_7d,
                            })}
                          >
                            {formatShare(a.adherence_7d, lang)}
                          </Box>
                        )}
                      </TableCell>
                      <TableCell sx={cell} align="right">
                        {a.missed_today ? (
                          <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 600 }}>
                            {a.missed_today}
                          </Typography>
                        ) : (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {t('patients.listing.missedNone')}
                          </Typography>
                        )}
                      </TableCell>
                    </>
                  )}
                  {actions ? (
                    <TableCell align="right" sx={{ ...stickyEnd, whiteSpace: 'nowrap' }}>
                      {actions(entry)}
                      <PatientActionsMenu entry={entry} />
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <ListPager total={total} params={params} onChange={onChange} />
    </>
  );
}

/** The row's buttons stay in view at the right while a narrow screen scrolls the table. */
const stickyEnd = {
  position: 'sticky',
  right: 0,
  px: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/** For screen readers only. In px: a bare 1 is 100 % in `sx`, which made the table wider than its card. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
