import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { type HistoryRow, historyHeaders } from '../utils/history-rows';

interface HistoryTableProps {
  rows: HistoryRow[];
  label: string;
  /** What a row offers beside its cells (confirming a dose by hand); not part of the CSV. */
  action?: (row: HistoryRow) => ReactNode;
}

/** The medicine history: one row per dose, newest first; the CSV export writes the same rows. */
export function HistoryTable({ rows, label, action }: HistoryTableProps) {
  const { t } = useTranslation();
  const headers = historyHeaders(t);
  return (
    <TableContainer sx={{ maxHeight: 420 }} tabIndex={0} role="region" aria-label={label}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((h) => (
              <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
            {action ? <TableCell data-action aria-hidden="true" /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) => (
                <TableCell key={headers[i]} sx={{ whiteSpace: 'nowrap' }}>
                  {i === 2 ? (
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <DotMark kind={row.kind} />
                      {cell}
                    </Box>
                  ) : (
                    cell
                  )}
                </TableCell>
              ))}
              {action ? (
                <TableCell data-action sx={{ whiteSpace: 'nowrap', py: 0.25 }}>
                  {action(row)}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
