import type { EmediplanPreview } from '@dosedot/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureKey } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useImportEmediplan } from '../api/import-emediplan';
import { usePreviewEmediplan } from '../api/preview-emediplan';
import { pastedCode } from '../utils/plan-parts';
import { EmediplanDialog } from './emediplan-dialog';
import { EmediplanLines, initialName, type Line } from './emediplan-lines';
import { EmediplanSource } from './emediplan-source';

/** Why a code was refused, in words: the decoder's reason (emediplan.truncated…), else the call's failure. */
function codeErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return t('emediplan.errors.oversized');
    const code = error.fieldErrors.find((e) => e.code?.startsWith('emediplan.'))?.code;
    if (code) return t(`emediplan.errors.${code.slice('emediplan.'.length)}`);
    if (error.status === 409) return t('emediplan.patient.confirmFirst');
    if (error.status === 400 && error.fieldErrors[0]) return error.fieldErrors[0].message;
  }
  return t(failureKey(error));
}

/** Who the plan is for, as it says it. */
function planPatient(preview: EmediplanPreview, lang: string): string {
  const { firstName, lastName, birthDate } = preview.plan.patient;
  const name = [firstName, lastName].filter(Boolean).join(' ') || '?';
  return birthDate ? `${name}, ${formatDate(birthDate, lang)}` : name;
}

/**
 * 'Import eMediplan' (issue 27): the plan's QR code from the camera or a photo, or its text pasted,
 * or its file; then its medicines with their schedules in words, each ticked (untick what is not
 * wanted); a plan that is not plainly the patient's asks first; all ticked lines are created at once.
 */
export function ImportEmediplanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const preview = usePreviewEmediplan();
  const run = useImportEmediplan();
  const [code, setCode] = useState('');
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [lines, setLines] = useState<Line[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  const plan = preview.data;

  const read = (text: string) => {
    setProblem(null);
    setCode(text);
    preview.mutate(text, {
      onSuccess: (data) => {
        setLines(data.plan.medicines.map((m) => ({ ticked: true, name: initialName(t, m) })));
        setConfirmed(false);
      },
      onError: (error) => setProblem(codeErrorText(t, error)),
    });
  };
  const ticked = lines.flatMap((line, index) => (line.ticked ? [{ index, line }] : []));
  const mustConfirm = plan !== undefined && plan.match !== 'same';
  const ready =
    ticked.length > 0 && ticked.every(({ line }) => line.name.trim() !== '') && (!mustConfirm || confirmed);
  const submit = () =>
    run.mutate(
      {
        code,
        lines: ticked.map(({ index, line }) => ({ index, name: line.name.trim() })),
        confirmPatient: confirmed,
      },
      {
        onSuccess: (created) => {
          notify.success(t('emediplan.import.done', { count: created.length }));
          preview.reset();
          setCode('');
          setPasted('');
          onClose();
        },
        onError: (error) => setProblem(codeErrorText(t, error)),
      },
    );
  const busy = preview.isPending || run.isPending || reading;

  return (
    <EmediplanDialog
      open={open}
      onClose={onClose}
      title={t('emediplan.import.title')}
      secondary={
        plan ? (
          <Button
            onClick={() => {
              preview.reset();
              setProblem(null);
            }}
            disabled={run.isPending}
          >
            {t('emediplan.import.back')}
          </Button>
        ) : undefined
      }
      primary={
        plan ? (
          <Button variant="contained" onClick={submit} disabled={!ready || run.isPending}>
            {t('emediplan.import.submit', { count: ticked.length })}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => read(pastedCode(pasted))}
            disabled={busy || pasted.trim() === ''}
          >
            {t('emediplan.import.read')}
          </Button>
        )
      }
    >
      {plan ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('emediplan.import.linesIntro', { count: plan.plan.medicines.length })}
          </Typography>
          {mustConfirm ? (
            <Alert severity="warning">
              {t(plan.match === 'different' ? 'emediplan.patient.different' : 'emediplan.patient.unknown', {
                patient: planPatient(plan, i18n.language),
              })}
              <FormControlLabel
                sx={{ display: 'flex', mt: 1 }}
                control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
                label={t('emediplan.patient.confirm')}
              />
            </Alert>
          ) : null}
          <EmediplanLines
            preview={plan}
            lines={lines}
            disabled={run.isPending}
            onChange={(index, line) => setLines((all) => all.map((l, i) => (i === index ? line : l)))}
          />
          {ticked.length === 0 ? <Alert severity="info">{t('emediplan.import.noneTicked')}</Alert> : null}
        </>
      ) : (
        <EmediplanSource
          busy={busy}
          pasted={pasted}
          onPaste={setPasted}
          onCode={read}
          onProblem={setProblem}
          onReading={setReading}
        />
      )}
      {busy ? <LinearProgress aria-label={t('emediplan.import.working')} /> : null}
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
    </EmediplanDialog>
  );
}
