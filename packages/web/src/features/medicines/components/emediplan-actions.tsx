import QrCode2 from '@mui/icons-material/QrCode2';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialogs (and the QR code libraries behind them) load when first opened, not with the page.
const ImportEmediplanDialog = lazy(() =>
  import('./import-emediplan-dialog').then((m) => ({ default: m.ImportEmediplanDialog })),
);
const ExportEmediplanDialog = lazy(() =>
  import('./export-emediplan-dialog').then((m) => ({ default: m.ExportEmediplanDialog })),
);

/** My Medicine's eMediplan buttons: import a plan's medicines, show the plan as a QR code and file. */
export function EmediplanActions() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'import' | 'export' | null>(null);
  const [opened, setOpened] = useState({ import: false, export: false });
  const show = (which: 'import' | 'export') => {
    setOpened((o) => ({ ...o, [which]: true }));
    setOpen(which);
  };
  const close = () => setOpen(null);
  return (
    <>
      <Button variant="outlined" startIcon={<QrCodeScanner />} onClick={() => show('import')}>
        {t('emediplan.import.button')}
      </Button>
      <Button variant="outlined" startIcon={<QrCode2 />} onClick={() => show('export')}>
        {t('emediplan.export.button')}
      </Button>
      <Suspense fallback={null}>
        {opened.import ? <ImportEmediplanDialog open={open === 'import'} onClose={close} /> : null}
        {opened.export ? <ExportEmediplanDialog open={open === 'export'} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
