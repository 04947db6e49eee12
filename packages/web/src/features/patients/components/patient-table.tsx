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
import { PhoneRows } from '../../../components/phone-rows';
import { usePhone } from '../../../hooks/use-phone';
import { formatInZone } from '../../../lib/time-zone';
import { formatAgo, formatCreated, formatShare } from '../utils/format';
import { COLUMN_LABEL_KEYS, type ListParams, type SortColumn, TABLE_COLUMNS } from '../utils/list-query';
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
 * and creation. Both fit their card from 1280 px. On a phone each user is an entry of a list with
 * the columns one under the other (the table was three times a phone's width, all but the name
 * behind a sideways scroll); the order is then chosen above the list (PatientFilters).
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
  const phone = usePhone();
  const zoneOf = (entry: ProfileListEntry) => entry.attributes.timezone ?? 'UTC';
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
  // Each column's content, for the table's cells and the phone's entries alike.
  const chips = (entry: ProfileListEntry) => {
    const a = entry.attributes;
    const marks = [
      a.profiletype === 'admin' ? (
        <Chip key="admin" size="small" color="secondary" label={t('patients.listing.admin')} />
      ) : null,
      entry.attributes.blocked ? <BlockedChip key="blocked" entry={entry} /> : null,
      a.is_active || compact ? null : (
        <Chip key="inactive" size="small" variant="outlined" label={t('patients.status.inactive')} />
      ),
    ].filter(Boolean);
    return marks.length > 0 ? marks : null;
  };
  const box = (entry: ProfileListEntry) =>
    entry.attributes.sensor.data ? (
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
        {entry.attributes.sensor.data.attributes.deveui}
      </Box>
    ) : (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('patients.noSensor')}
      </Typography>
    );
  const status = (entry: ProfileListEntry) => (
    <Chip
      size="small"
      variant={entry.attributes.is_active ? 'filled' : 'outlined'}
      color={entry.attributes.is_active ? 'success' : 'default'}
      label={entry.attributes.is_active ? t('patients.status.active') : t('patients.status.inactive')}
    />
  );
  const battery = (entry: ProfileListEntry) =>
    entry.attributes.battery == null ? '–' : formatShare(entry.attributes.battery / 100, lang);
  const uplink = (entry: ProfileListEntry) =>
    entry.attributes.sensor.data ? when(entry.attributes.last_uplink_at, zoneOf(entry)) : '–';
  const signIn = (entry: ProfileListEntry) => when(entry.attributes.last_sign_in_at, zoneOf(entry));
  const adherence = (entry: ProfileListEntry) => {
    const a = entry.attributes;
    return a.adherence_7d == null ? (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('patients.listing.noneDue')}
      </Typography>
    ) : (
      <Box
        component="span"
        title={t('patients.listing.doses', { taken: a.doses_taken_7d, due: a.doses_due_7d })}
      >
        {formatShare(a.adherence_7d, lang)}
      </Box>
    );
  };
  const missed = (entry: ProfileListEntry) =>
    entry.attributes.missed_today ? (
      <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 600 }}>
        {entry.attributes.missed_today}
      </Typography>
    ) : (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('patients.listing.missedNone')}
      </Typography>
    );
  const nameOf = (entry: ProfileListEntry) =>
    `${entry.attributes.givenname} ${entry.attributes.familyname}`.trim();
  const column = (key: keyof typeof COLUMN_LABEL_KEYS) => t(COLUMN_LABEL_KEYS[key]);
  /** What a phone's entry shows under each column's name. */
  const cellOf: Record<
    Exclude<keyof typeof COLUMN_LABEL_KEYS, 'name'>,
    (entry: ProfileListEntry) => ReactNode
  > = {
    sensor: box,
    battery,
    lastUplink: uplink,
    lastSignIn: signIn,
    adherence,
    missedToday: missed,
    status,
    language: (entry) => t(`language.${entry.attributes.language}`),
    createdAt: (entry) => formatCreated(entry.attributes.createdAt, lang, false),
  };

  if (phone)
    return (
      <>
        <Box sx={{ px: 2 }}>
          <PhoneRows
            label={label}
            rows={entries.map((entry) => ({
              key: String(entry.id),
              title: nameOf(entry),
              subtitle: [
                ...(compact ? [] : [entry.attributes.email]),
                <Box component="span" key="uid" sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
                  {entry.attributes.profileuid}
                </Box>,
              ],
              status: chips(entry),
              // The table's columns after the name, under their names.
              details: TABLE_COLUMNS[compact ? 'compact' : 'full']
                .filter((key) => key !== 'name')
                .map((key) => [column(key), cellOf[key](entry)] as const),
              action: actions ? (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  {actions(entry)}
                  <PatientActionsMenu entry={entry} />
                </Box>
              ) : undefined,
            }))}
          />
        </Box>
        <ListPager total={total} params={params} onChange={onChange} />
      </>
    );
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label={label} size="small" sx={{ '& td, & th': { py: compact ? 0.5 : 1 } }}>
          <TableHead>
            <TableRow>
              {sortable('name', t(COLUMN_LABEL_KEYS.name), { pl: 2 })}
              {sortable('sensor', t(COLUMN_LABEL_KEYS.sensor))}
              {compact ? (
                <>
                  {sortable('status', t(COLUMN_LABEL_KEYS.status))}
                  {sortable('language', t(COLUMN_LABEL_KEYS.language))}
                  {sortable('createdAt', t(COLUMN_LABEL_KEYS.createdAt))}
                </>
              ) : (
                <>
                  {sortable('battery', t(COLUMN_LABEL_KEYS.battery), {}, 'right')}
                  {sortable('lastUplink', t(COLUMN_LABEL_KEYS.lastUplink))}
                  {sortable('lastSignIn', t(COLUMN_LABEL_KEYS.lastSignIn))}
                  {sortable('adherence', t(COLUMN_LABEL_KEYS.adherence), {}, 'right')}
                  {sortable('missedToday', t(COLUMN_LABEL_KEYS.missedToday), { maxWidth: 100 }, 'right')}
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
              const name = nameOf(entry);
              return (
                <TableRow key={entry.id} hover>
                  <TableCell sx={{ pl: 2, pr: 1, minWidth: 140, maxWidth: 190 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={name}>
                        {name}
                      </Typography>
                      {chips(entry)}
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
                  <TableCell sx={cell}>{box(entry)}</TableCell>
                  {compact ? (
                    <>
                      <TableCell sx={cell}>{status(entry)}</TableCell>
                      <TableCell sx={cell}>{t(`language.${a.language}`)}</TableCell>
                      <TableCell sx={cell}>{formatCreated(a.createdAt, lang, false)}</TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell sx={cell} align="right">
                        {battery(entry)}
                      </TableCell>
                      <TableCell sx={cell}>{uplink(entry)}</TableCell>
                      <TableCell sx={cell}>{signIn(entry)}</TableCell>
                      <TableCell sx={cell} align="right">
                        {adherence(entry)}
                      </TableCell>
                      <TableCell sx={cell} align="right">
                        {missed(entry)}
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
