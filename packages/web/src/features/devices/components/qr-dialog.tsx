import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/get-devices';

/**
 * The box's record ID as a QR code (spec section 2), to print and stick on the box; the code holds the
 * ID only. Loaded with its library when first opened.
 */
export function QrDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const id = String(device.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('devices.qr.title', { deveui: device.attributes.deveui })}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box sx={{ display: 'inline-block', p: 2, bgcolor: '#ffffff', borderRadius: 2, lineHeight: 0 }}>
          <QRCodeSVG value={id} size={200} level="M" role="img" aria-label={t('devices.qr.code', { id })} />
        </Box>
        <Typography sx={{ mt: 2 }}>
          {t('devices.qr.recordId')}{' '}
          <Box component="strong" sx={{ fontFamily: 'monospace', fontSize: '1.125rem' }}>
            {id}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('devices.qr.help')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('devices.qr.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
