import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../lib/settings-store';

/**
 * The MUI theme of the settings: light or dark and the chosen primary colour. Text on the primary
 * colour is chosen for a 4.5:1 contrast (WCAG AA), and links use a shade readable on the page.
 */
export function buildTheme(mode: ThemeMode, primary: string): Theme {
  const theme = createTheme({
    palette: { mode, primary: { main: primary }, contrastThreshold: 4.5 },
    shape: { borderRadius: 10 },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
  });
  const link = mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.light;
  return createTheme(theme, {
    components: {
      MuiLink: { styleOverrides: { root: { color: link, textDecorationColor: link } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: link } } } },
    },
  });
}
