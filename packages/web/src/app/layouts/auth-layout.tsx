import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FooterLinks } from '../../components/footer-links';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { NavigationProgress } from '../../components/navigation-progress';
import { SettingsDrawer } from '../../components/settings-drawer';
import { useSaveLanguage, useSaveThemeMode } from '../../features/profiles/hooks/use-save-preferences';

/** Sign-in, sign-up, success and password pages: a brand panel and the form. */
export function AuthLayout() {
  const { t } = useTranslation();
  const saveLanguage = useSaveLanguage();
  const saveThemeMode = useSaveThemeMode();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 3,
          width: '42%',
          p: 6,
          // The brand surface: the primary fill in light mode, a deep shade of it in dark mode.
          bgcolor: 'brand.main',
          color: 'brand.contrastText',
        }}
      >
        <Logo size={56} color="inherit" />
        <Typography variant="h4" component="p" sx={{ maxWidth: 440, fontWeight: 600, textWrap: 'balance' }}>
          {t('auth.tagline')}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', p: { xs: 2, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ display: { md: 'none' } }}>
            <Logo size={32} />
          </Box>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher onChange={saveLanguage} />
          <SettingsDrawer onModeChange={saveThemeMode} />
        </Box>
        <Box
          component="main"
          sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 4 }}
        >
          <Paper
            variant="outlined"
            sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 5 }, borderRadius: '16px' }}
          >
            <Outlet />
          </Paper>
        </Box>
        <Box component="footer" sx={{ pb: 2 }}>
          <FooterLinks />
        </Box>
      </Box>
      <NavigationProgress />
    </Box>
  );
}
