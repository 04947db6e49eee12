import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readQrCode } from '../utils/barcode';

const FRAME_MS = 350;

/**
 * The device camera (the back one on a phone) looking for a QR code: each frame read by zxing-wasm
 * until one is found that `onCode` takes as enough (it answers true while it wants more: the other
 * parts of a plan in several codes); the camera is let go then, when stopped, and when the dialog closes.
 */
export function CameraScanner({ onCode, onStop }: { onCode: (text: string) => boolean; onStop: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const look = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.videoWidth > 0) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        context?.drawImage(v, 0, 0);
        const frame = context?.getImageData(0, 0, canvas.width, canvas.height);
        const text = frame ? await readQrCode(frame).catch(() => null) : null;
        if (text && !stopped && !found.current(text)) return;
      }
      if (!stopped) timer = setTimeout(() => void look(), FRAME_MS);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.name : String(error)));
    if (!navigator.mediaDevices) setProblem('NotSupportedError');
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {problem ? (
        <Alert severity="error" role="alert">
          {t(problem === 'NotAllowedError' ? 'emediplan.camera.denied' : 'emediplan.camera.failed')}
        </Alert>
      ) : (
        <>
          <Typography variant="body2">{t('emediplan.camera.aim')}</Typography>
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={t('emediplan.camera.label')}
            sx={{
              width: '100%',
              maxHeight: 360,
              bgcolor: 'common.black',
              borderRadius: 1,
              objectFit: 'cover',
            }}
          />
        </>
      )}
      <Button onClick={onStop} sx={{ justifySelf: 'start' }}>
        {t('emediplan.camera.stop')}
      </Button>
    </Box>
  );
}
