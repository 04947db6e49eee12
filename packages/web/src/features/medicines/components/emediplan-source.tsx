import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readQrCodes } from '../utils/barcode';
import { fileTypeName, planFileKind } from '../utils/plan-file';
import { collectPart, type PlanParts } from '../utils/plan-parts';
import { CameraScanner } from './camera-scanner';

/** QR codes looked for in one photo or PDF page (a page may carry a plan in several). */
const CODES_PER_PICTURE = 8;

/** The QR codes of a picture, or of a PDF's first pages (pdf.js loaded only now). */
async function codesIn(file: File, kind: 'image' | 'pdf'): Promise<string[]> {
  if (kind === 'image') return readQrCodes(file, CODES_PER_PICTURE);
  const { pdfPageImages } = await import('../utils/pdf-pages');
  const codes: string[] = [];
  for (const page of await pdfPageImages(file)) codes.push(...(await readQrCodes(page, CODES_PER_PICTURE)));
  return codes;
}

/**
 * Where a plan comes from: the camera, a photo or a PDF page (their QR codes read here), a plan file,
 * or the code's text pasted. A code found is handed on at once; a plan in several codes once all its
 * parts are read ('2 of 3 codes read'), from frames, photos and pages alike; the pasted text waits
 * for 'Read the plan'.
 */
export function EmediplanSource({
  busy,
  pasted,
  onPaste,
  onCode,
  onProblem,
  onReading,
}: {
  busy: boolean;
  pasted: string;
  onPaste: (text: string) => void;
  onCode: (code: string) => void;
  onProblem: (message: string | null) => void;
  onReading: (reading: boolean) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const [scanning, setScanning] = useState(false);
  // The parts of a plan in several codes read so far (a ref: camera frames come between renders).
  const parts = useRef<PlanParts | null>(null);
  const [partsRead, setPartsRead] = useState<{ read: number; count: number } | null>(null);
  /** Codes read: a whole plan, or the last part of one, is handed on; true while parts are missing. */
  const take = (codes: readonly string[]): boolean => {
    for (const code of codes) {
      const result = collectPart(parts.current, code);
      if (result.kind === 'partial') {
        parts.current = result.parts;
        setPartsRead({ read: result.read, count: result.parts.count });
        continue;
      }
      parts.current = null;
      setPartsRead(null);
      setScanning(false);
      onCode(result.code);
      return false;
    }
    return parts.current !== null;
  };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    onProblem(null);
    const kind = planFileKind(file);
    if (kind === null) {
      onProblem(t('emediplan.errors.fileType', { name: file.name, type: fileTypeName(file) }));
      return;
    }
    if (kind === 'text') {
      take([await file.text()]);
      return;
    }
    onReading(true);
    try {
      const codes = await codesIn(file, kind);
      if (codes.length === 0)
        onProblem(t(kind === 'pdf' ? 'emediplan.errors.noQrCodeInPdf' : 'emediplan.errors.noQrCode'));
      else take(codes);
    } catch {
      onProblem(t(kind === 'pdf' ? 'emediplan.errors.badPdf' : 'emediplan.errors.noQrCode'));
    } finally {
      onReading(false);
    }
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('emediplan.import.intro')}
      </Typography>
      {partsRead ? (
        <Alert severity="info" role="status" aria-label={t('emediplan.import.partsLabel')}>
          {t('emediplan.import.parts', partsRead)}
        </Alert>
      ) : null}
      {scanning ? (
        <CameraScanner onCode={(text) => take([text])} onStop={() => setScanning(false)} />
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<PhotoCameraOutlined />}
            onClick={() => setScanning(true)}
            disabled={busy}
          >
            {t('emediplan.import.camera')}
          </Button>
          <Button
            component="label"
            htmlFor={fileId}
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            disabled={busy}
          >
            {t('emediplan.import.file')}
          </Button>
          <input
            id={fileId}
            type="file"
            accept="image/*,.pdf,application/pdf,.json,application/json,.txt,text/plain"
            aria-label={t('emediplan.import.file')}
            onChange={(e) => void choose(e)}
            disabled={busy}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
        </Box>
      )}
      <TextField
        label={t('emediplan.import.paste')}
        helperText={t('emediplan.import.pasteHelp')}
        multiline
        minRows={3}
        maxRows={8}
        value={pasted}
        onChange={(e) => onPaste(e.target.value)}
        disabled={busy}
        slotProps={{
          htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', wordBreak: 'break-all' } },
        }}
      />
    </>
  );
}
