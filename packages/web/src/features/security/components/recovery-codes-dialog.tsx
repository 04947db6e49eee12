import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toast';

/**
 * The recovery codes, shown once (after turning two-step sign-in on, or after new ones were made):
 * to copy or download, then closed only by saying they are saved.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const text = (codes ?? []).join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('security.codes.copied'));
    } catch {
      notify.error(t('security.codes.copyFailed'));
    }
  };

  const download = () => {
    const body = `${t('security.codes.fileTitle')}\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'dosedot-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Dialog open={codes !== null} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('security.codes.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('security.codes.intro')}</Typography>
        <Box
          component="ol"
          aria-label={t('security.codes.listLabel')}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, 1fr)',
            gap: 1,
            p: 2,
            m: 0,
            listStyle: 'none',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontFamily: 'monospace',
            fontSize: '1.0625rem',
            textAlign: 'center',
          }}
        >
          {(codes ?? []).map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
            {t('security.codes.copy')}
          </Button>
          <Button variant="outlined" startIcon={<Download />} onClick={download}>
            {t('security.codes.download')}
          </Button>
        </Box>
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('security.codes.once')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('security.codes.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
