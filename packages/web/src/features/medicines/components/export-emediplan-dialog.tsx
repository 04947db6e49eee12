import type { EmediplanExport } from '@dosedot/domain';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useEmediplanExport } from '../api/get-emediplan-export';
import { downloadBlob } from '../utils/csv';
import { EmediplanDialog } from './emediplan-dialog';

/** What the QR code leaves out, each as 'name: why' (a part the format cannot say). */
function LostParts({ plan }: { plan: EmediplanExport }) {
  const { t } = useTranslation();
  const lost = plan.chmed16a.lost;
  if (lost.length === 0) return null;
  return (
    <Alert severity="warning">
      {t('emediplan.export.lost')}
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {lost.map((l) => (
          <li key={`${l.medicine}-${l.part}`}>
            {plan.medicines[l.medicine]?.name ?? '?'}: {t(`emediplan.export.lostReasons.${l.reason}`)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * 'Export eMediplan': the patient's current plan as the CHMED16A QR code a pharmacy scans, and its
 * CHMED23A file to download; what the code cannot say is listed.
 */
export function ExportEmediplanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useEmediplanExport(open);
  return (
    <EmediplanDialog open={open} onClose={onClose} title={t('emediplan.export.title')}>
      <QueryState query={query} failed={t('emediplan.export.failed')}>
        {(plan) =>
          plan.medicines.length === 0 ? (
            <EmptyState title={t('emediplan.export.empty')} />
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('emediplan.export.intro', { count: plan.medicines.length })}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, bgcolor: '#fff', borderRadius: 1 }}>
                <QRCodeSVG
                  value={plan.chmed16a.code}
                  size={288}
                  level="M"
                  marginSize={4}
                  role="img"
                  aria-label={t('emediplan.export.qrLabel')}
                  style={{ width: '100%', maxWidth: 288, height: 'auto' }}
                />
              </Box>
              <LostParts plan={plan} />
              <Button
                variant="outlined"
                startIcon={<DownloadOutlined />}
                sx={{ alignSelf: 'start' }}
                onClick={() =>
                  downloadBlob(
                    new Blob([plan.chmed23a.json], { type: 'application/json' }),
                    'emediplan-chmed23a.json',
                  )
                }
              >
                {t('emediplan.export.download')}
              </Button>
            </>
          )
        }
      </QueryState>
    </EmediplanDialog>
  );
}
