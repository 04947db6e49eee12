import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_MODE,
  isHexColor,
  PRIMARY_SWATCHES,
  type ThemeMode,
  useSettings,
} from '../lib/settings-store';

/** The settings drawer: light or dark theme and the primary colour. */
export default function SettingsPanel({
  open,
  onClose,
  onModeChange,
}: {
  open: boolean;
  onClose: () => void;
  onModeChange?: (mode: ThemeMode) => void;
}) {
  const { t } = useTranslation();
  const { mode, primary, setMode, setPrimary, reset } = useSettings();
  const [hex, setHex] = useState(primary);
  const titleId = useId();
  const hexValid = isHexColor(hex);

  useEffect(() => setHex(primary), [primary]);

  const changeMode = (next: ThemeMode) => {
    setMode(next);
    onModeChange?.(next);
  };

  const resetAll = () => {
    if (mode !== DEFAULT_MODE) changeMode(DEFAULT_MODE);
    reset();
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={() => onClose()}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 320, p: 3 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 3 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('settings.title')}
        </Typography>
        <IconButton aria-label={t('settings.close')} onClick={() => onClose()}>
          <Close />
        </IconButton>
      </Box>

      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        {t('settings.theme')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={mode}
        onChange={(_e, value: ThemeMode | null) => value && changeMode(value)}
        aria-label={t('settings.theme')}
      >
        <ToggleButton value="light">
          <LightMode sx={{ mr: 1 }} aria-hidden="true" />
          {t('settings.light')}
        </ToggleButton>
        <ToggleButton value="dark">
          <DarkMode sx={{ mr: 1 }} aria-hidden="true" />
          {t('settings.dark')}
        </ToggleButton>
      </ToggleButtonGroup>

      <Typography component="h3" variant="subtitle2" sx={{ mt: 4, mb: 1 }}>
        {t('settings.primaryColor')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {PRIMARY_SWATCHES.map((color) => (
          <IconButton
            key={color}
            aria-label={t('settings.swatch', { color })}
            aria-pressed={primary === color}
            onClick={() => setPrimary(color)}
            sx={{
              width: 40,
              height: 40,
              bgcolor: color,
              color: '#fff',
              border: 2,
              borderColor: primary === color ? 'text.primary' : 'divider',
              '&:hover': { bgcolor: color, opacity: 0.85 },
            }}
          >
            {primary === color ? <Check fontSize="small" /> : null}
          </IconButton>
        ))}
      </Box>
      <TextField
        label={t('settings.hex')}
        value={hex}
        fullWidth
        onChange={(e) => {
          setHex(e.target.value);
          if (isHexColor(e.target.value)) setPrimary(e.target.value);
        }}
        error={!hexValid}
        helperText={hexValid ? t('settings.hexHint') : t('settings.hexInvalid')}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', maxLength: 7 } }}
      />
      <Button sx={{ mt: 3 }} onClick={resetAll}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
