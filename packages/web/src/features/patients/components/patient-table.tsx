import type { ProfileListEntry } from '@dosedot/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCreated } from '../utils/format';
import { type ListParams, PAGE_SIZES, type SortColumn } from '../utils/list-query';
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

/** The patient list: sortable headers, one page of rows, the pager (the server sorts and pages). */
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
  const sortable = (column: SortColumn, text: string) => (
    <TableCell sortDirection={params.sort === column ? params.direction : false}>
      <TableSortLabel
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
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label={label} size={compact ? 'small' : 'medium'}>
          <TableHead>
            <TableRow>
              {sortable('name', t('patients.columns.name'))}
              {sortable('profileuid', t('patients.columns.profileuid'))}
              <TableCell>{t('patients.columns.sensor')}</TableCell>
              {sortable('status', t('patients.columns.status'))}
              {sortable('language', t('patients.columns.language'))}
              {sortable('createdAt', t('patients.columns.created'))}
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
              return (
                <TableRow key={entry.id} hover>
                  <TableCell sx={{ minWidth: 150, maxWidth: 240 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={name}>
                      {name}
                    </Typography>
                    {compact ? null : (
                      <Typography variant="body2" color="text.secondary" noWrap title={a.email}>
                        {a.email}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', whiteSpace: 'nowrap' }}>
                    {a.profileuid}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
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
                  <TableCell>
                    <Chip
                      size="small"
                      variant={a.is_active ? 'filled' : 'outlined'}
                      color={a.is_active ? 'success' : 'default'}
                      label={a.is_active ? t('patients.status.active') : t('patients.status.inactive')}
                    />
                    <BlockedChip entry={entry} />
                  </TableCell>
                  <TableCell>{t(`language.${a.language}`)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatCreated(a.createdAt, i18n.language, false)}
                  </TableCell>
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
      <TablePagination
        component="div"
        count={total}
        page={params.page - 1}
        rowsPerPage={params.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, page) => onChange({ page: page + 1 })}
        onRowsPerPageChange={(e) => onChange({ pageSize: Number(e.target.value) })}
        labelRowsPerPage={t('patients.pager.rows')}
        labelDisplayedRows={({ from, to, count }) => t('patients.pager.shown', { from, to, count })}
        getItemAriaLabel={(type) => t(`patients.pager.${type}`)}
      />
    </>
  );
}

/** The row's buttons stay in view at the right while a narrow screen scrolls the table. */
const stickyEnd = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
