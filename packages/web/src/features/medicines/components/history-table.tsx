import type { IntakeEntry } from '@dosedot/domain';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { ListPager } from '../../../components/list-pager';
import { PhoneRows } from '../../../components/phone-rows';
import { usePhone } from '../../../hooks/use-phone';
import { useViewer } from '../../../lib/viewer';
import { type HistoryRow, historyHeaders, historyRows } from '../utils/history-rows';

/** Doses per page: a phone shows a page without scrolling inside the table. */
export const HISTORY_PAGE_SIZE = 10;

/** Page `page` of `all` (the last one when it is past the end), with where it starts and the number of pages. */
export function pageOf<T>(all: readonly T[], page: number, size = HISTORY_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  const shown = Math.min(page, pageCount);
  const first = (shown - 1) * size;
  return { pageCount, shown, first, items: all.slice(first, first + size) };
}

interface HistoryTableProps {
  /** The doses of the period, newest first. */
  history: IntakeEntry[];
  label: string;
  /** What a row offers beside its cells (confirming a dose by hand); not part of the CSV. */
  action?: (row: HistoryRow) => ReactNode;
}

/**
 * The medicine history: one row per dose, newest first, a page at a time (a year holds hundreds;
 * only the page shown is formatted and drawn). The CSV export writes the same rows, all of them. On
 * a phone each dose is an entry of a list instead, its columns one under the other: the table's six
 * columns are three times a phone's width, and the status and the press were out of sight.
 */
export function HistoryTable({ history, label, action }: HistoryTableProps) {
  const { t } = useTranslation();
  const { lang, zone } = useViewer();
  const [page, setPage] = useState(1);
  const { pageCount, shown, first, items } = pageOf(history, page);
  const rows = historyRows(items, lang, zone, t);
  const headers = historyHeaders(t);
  const phone = usePhone();
  return (
    <>
      {phone ? (
        <PhoneRows
          label={label}
          rows={rows.map((row) => {
            const [date, scheduled, status, ...rest] = row.cells;
            return {
              key: row.key,
              title: `${date} · ${scheduled}`,
              status: (
                <>
                  <DotMark kind={row.kind} />
                  {status}
                </>
              ),
              details: rest.map((value, i) => [headers[i + 3] ?? '', value] as const),
              action: action?.(row),
            };
          })}
        />
      ) : (
        <TableContainer role="region" aria-label={label} tabIndex={0}>
          {/* One rule for every cell instead of a style per cell: a page renders in one short task. */}
          <Table size="small" aria-label={label} sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                {headers.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
                {action ? <TableCell data-action aria-hidden="true" /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, i) => (
                    <TableCell key={headers[i]}>
                      {i === 2 ? (
                        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                          <DotMark kind={row.kind} />
                          {cell}
                        </span>
                      ) : (
                        cell
                      )}
                    </TableCell>
                  ))}
                  {action ? (
                    <TableCell data-action sx={{ py: 0.25 }}>
                      {action(row)}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pageCount > 1 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('medicines.history.shown', { from: first + 1, to: first + rows.length, count: history.length })}
        </Typography>
      ) : null}
      <ListPager pageCount={pageCount} page={shown} onChange={setPage} />
    </>
  );
}
