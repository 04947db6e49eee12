import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readQrCode } from '../utils/barcode';
import { CameraScanner } from './camera-scanner';

/**
 * Where a plan comes from: the camera, a photo (its QR code read here), a plan file, or the code's
 * text pasted. A code found is handed on at once; the pasted text waits for 'Read the plan'.
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
  const found = (code: string) => {
    setScanning(false);
    onCode(code);
  };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    onProblem(null);
    if (!file.type.startsWith('image/')) {
      found(await file.text());
      return;
    }
    onReading(true);
    try {
      const text = await readQrCode(file);
      if (text) found(text);
      else onProblem(t('emediplan.errors.noQrCode'));
    } catch {
      onProblem(t('emediplan.errors.noQrCode'));
    } finally {
      onReading(false);
    }
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('emediplan.import.intro')}
      </Typography>
      {scanning ? (
        <CameraScanner onCode={found} onStop={() => setScanning(false)} />
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
            accept="image/*,.json,application/json,text/plain"
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
