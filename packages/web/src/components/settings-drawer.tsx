import Settings from '@mui/icons-material/Settings';
import Fab from '@mui/material/Fab';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../lib/settings-store';

// The drawer loads on the first click: pages appear without it.
const SettingsPanel = lazy(() => import('./settings-panel'));

/**
 * The floating cog and its drawer: light or dark theme and the primary colour. `onModeChange`
 * hears of a chosen theme (the app keeps it in the profile while signed in).
 */
export function SettingsDrawer({ onModeChange }: { onModeChange?: (mode: ThemeMode) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Fab
        color="primary"
        size="medium"
        aria-label={t('settings.open')}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.drawer - 1 }}
      >
        <Settings />
      </Fab>
      {opened ? (
        <Suspense fallback={null}>
          <SettingsPanel open={open} onClose={() => setOpen(false)} onModeChange={onModeChange} />
        </Suspense>
      ) : null}
    </>
  );
}
