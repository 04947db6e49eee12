import ArrowBack from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { FooterLinks } from '../../components/footer-links';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { NavigationProgress } from '../../components/navigation-progress';
import { paths } from '../../config/paths';
import { useSaveLanguage } from '../../features/profiles/hooks/use-save-preferences';
import { useLocalizedPath } from '../../hooks/use-locale';
import { goBack } from '../../lib/go-back';

/** Privacy notice, terms, FAQ and contact: a blue bar with a back button. */
export function PrivacyLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const saveLanguage = useSaveLanguage();
  const back = () => goBack(navigate, href(paths.home));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {/* The spec's blue bar: the brand surface, a deep shade of the colour in dark mode. */}
      <AppBar position="sticky" color="brand" enableColorOnDark elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton color="inherit" edge="start" aria-label={t('errorPages.back')} onClick={back}>
            <ArrowBack />
          </IconButton>
          <Logo size={28} color="inherit" />
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher onChange={saveLanguage} />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ py: 5, flex: 1 }}>
        <Outlet />
      </Container>
      <Box component="footer" sx={{ py: 3 }}>
        <FooterLinks />
      </Box>
      <NavigationProgress />
    </Box>
  );
}
