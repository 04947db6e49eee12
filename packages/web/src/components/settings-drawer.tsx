import Settings from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../lib/settings-store';

// The drawer loads on the first click: pages appear without it.
const SettingsPanel = lazy(() => import('./settings-panel'));

/**
 * The cog and its drawer: light or dark theme and the primary colour. The cog sits in the layout's
 * bar, never floating over the page (a fixed button covered content on phones); it is filled with
 * the primary colour, so it shows the chosen one. `onModeChange` hears of a chosen theme (the app
 * keeps it in the profile while signed in).
 */
export function SettingsDrawer({ onModeChange }: { onModeChange?: (mode: ThemeMode) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        aria-label={t('settings.open')}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        sx={{
          width: 44,
          height: 44,
          flexShrink: 0,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:hover': { bgcolor: 'primary.dark' },
        }}
      >
        <Settings fontSize="small" />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <SettingsPanel open={open} onClose={() => setOpen(false)} onModeChange={onModeChange} />
        </Suspense>
      ) : null}
    </>
  );
}
