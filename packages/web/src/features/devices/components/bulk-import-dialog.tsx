import { BOX_IMPORT_MAX_CHARS } from '@dosedot/domain';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../hooks/use-phone';
import { ApiError, failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { type BoxImportReport, useImportBoxes } from '../api/import-boxes';

const FILE_ERRORS = ['csv_empty', 'csv_header', 'csv_no_lines', 'csv_too_many'];

/** Why the whole file was refused, in words. */
function fileErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return t('devices.bulkImport.fileErrors.too_large');
    const code = error.fieldErrors[0]?.code;
    if (code && FILE_ERRORS.includes(code)) return t(`devices.bulkImport.fileErrors.${code}`);
    if (error.status === 409) return t('devices.bulkImport.fileErrors.conflict');
  }
  return t(failureKey(error));
}

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

/** The refused lines: line number, what the line held, and why, in words. */
function RefusedTable({ report }: { report: BoxImportReport }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table
        size="small"
        stickyHeader
        aria-label={t('devices.bulkImport.refusedLabel')}
        sx={{ minWidth: 520 }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('devices.bulkImport.columns.line')}</TableCell>
            <TableCell>{t('devices.bulkImport.columns.deveui')}</TableCell>
            <TableCell>{t('devices.bulkImport.columns.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.refused.map((r) => (
            <TableRow key={r.line}>
              <TableCell>{r.line}</TableCell>
              <TableCell sx={mono}>{r.deveui || '–'}</TableCell>
              <TableCell>
                {t(`devices.bulkImport.reasons.${r.reason}`)}
                {r.firstLine ? ` ${t('devices.bulkImport.firstLine', { line: r.firstLine })}` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The boxes added (or to be added): line, DevEUI, serial, model. */
function AddedTable({ report, label }: { report: BoxImportReport; label: string }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: 220, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('devices.bulkImport.columns.line')}</TableCell>
            <TableCell>{t('devices.bulkImport.columns.deveui')}</TableCell>
            <TableCell>{t('devices.bulkImport.columns.serial')}</TableCell>
            <TableCell>{t('devices.bulkImport.columns.model')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.added.map((b) => (
            <TableRow key={b.line}>
              <TableCell>{b.line}</TableCell>
              <TableCell sx={mono}>{b.deveui}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.serial}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.model}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Registers the boxes of a delivery note (issue 24 item 13, decision 0012): choose the CSV file, read
 * the preview (what will be added, each refused line and why), then 'Register N boxes' registers the
 * valid lines together; the report stays until the dialog is closed.
 */
function BulkImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<BoxImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useImportBoxes();
  const done = report?.committed === true;
  // On a phone the report needs the whole screen.
  const phone = usePhone();

  const reset = () => {
    setFile(null);
    setReport(null);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const send = (csv: string, commit: boolean) => {
    setProblem(null);
    run.mutate(
      { csv, commit },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.committed)
            notify.success(t('devices.bulkImport.registered', { count: answer.added.length }));
        },
        onError: (err) => {
          setReport(null);
          setProblem(fileErrorText(t, err));
        },
      },
    );
  };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    reset();
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    if (text.length > BOX_IMPORT_MAX_CHARS) setProblem(t('devices.bulkImport.fileErrors.too_large'));
    else if (text.trim() === '') setProblem(t('devices.bulkImport.fileErrors.csv_empty'));
    else send(text, false);
  };

  const count = report?.added.length ?? 0;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>{t('devices.bulkImport.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('devices.bulkImport.intro')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            disabled={run.isPending || done}
          >
            {t(file ? 'devices.bulkImport.chooseAnother' : 'devices.bulkImport.choose')}
          </Button>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-label={t('devices.bulkImport.fileLabel')}
            onChange={(e) => void choose(e)}
            disabled={run.isPending || done}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
          {file ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
          ) : null}
        </Box>
        {run.isPending ? <LinearProgress aria-label={t('devices.bulkImport.checking')} /> : null}
        {problem ? (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        ) : null}
        {report ? (
          <>
            <Alert severity={done ? 'success' : count > 0 ? 'info' : 'warning'} role="status">
              {done
                ? t('devices.bulkImport.summaryDone', { count })
                : t('devices.bulkImport.summaryPreview', { count })}{' '}
              {report.refused.length > 0
                ? t('devices.bulkImport.summaryRefused', { count: report.refused.length })
                : t('devices.bulkImport.summaryNoneRefused')}
            </Alert>
            {report.refused.length > 0 ? (
              <section aria-label={t('devices.bulkImport.refusedLabel')}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {t('devices.bulkImport.refusedLabel')}
                </Typography>
                <RefusedTable report={report} />
              </section>
            ) : null}
            {count > 0 ? (
              <section
                aria-label={t(done ? 'devices.bulkImport.addedLabel' : 'devices.bulkImport.toAddLabel')}
              >
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {t(done ? 'devices.bulkImport.addedLabel' : 'devices.bulkImport.toAddLabel')}
                </Typography>
                <AddedTable
                  report={report}
                  label={t(done ? 'devices.bulkImport.addedLabel' : 'devices.bulkImport.toAddLabel')}
                />
              </section>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>{t(done ? 'devices.bulkImport.close' : 'devices.bulkImport.cancel')}</Button>
        {done ? null : (
          <Button
            variant="contained"
            disabled={!file || !report || count === 0 || run.isPending}
            onClick={() => file && send(file.text, true)}
          >
            {t('devices.bulkImport.commit', { count })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The Devices page's 'Register boxes from a file' button and its dialog, in one line of the page. */
export function BulkImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
      <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        {t('devices.bulkImport.open')}
      </Button>
      <BulkImportDialog open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
