import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { type HistoryRow, historyHeaders } from '../utils/history-rows';

/** The medicine history: one row per dose, newest first; the CSV export writes the same rows. */
export function HistoryTable({ rows, label }: { rows: HistoryRow[]; label: string }) {
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
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
