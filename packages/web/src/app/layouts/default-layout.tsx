import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppLink } from '../../components/app-link';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { NavigationProgress } from '../../components/navigation-progress';
import { OfflineNotice } from '../../components/offline-notice';
import { SettingsDrawer } from '../../components/settings-drawer';
import { paths } from '../../config/paths';
import { ConfirmEmailBanner } from '../../features/auth/components/confirm-email-banner';
import { useSaveLanguage, useSaveThemeMode } from '../../features/profiles/hooks/use-save-preferences';
import { LAYOUT } from '../../lib/theme';
import { ViewerProvider } from '../../lib/viewer';
import { RequireAuth } from '../guards/require-auth';
import { CaregivingBanner } from './caregiving-banner';
import { ImpersonationBanner } from './impersonation-banner';
import { UserMenu } from './user-menu';

const DRAWER_WIDTH = LAYOUT.drawerWidth;
/** The side menu, docked on a wide screen (side-menu.tsx) or slid in on a phone (mobile-nav.tsx): not part of a phone's cold start. */
const SideNav = lazy(() => import('./side-menu'));
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(loadMobileNav);

/** The layout of every private page: side menu, toolbar, settings; login required. */
export function DefaultLayout() {
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}

function Shell() {
  const { t } = useTranslation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const saveLanguage = useSaveLanguage();
  const saveThemeMode = useSaveThemeMode();
  // One side menu, the one the screen shows: a phone does not render the permanent one hidden (nor
  // ask for what it shows) on every page's cold start (issue 23 item 12).
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  // On a phone the menu's code loads when it is first wanted (asked for as the finger or the focus
  // reaches the button, so it is mostly there by the click), and stays mounted after.
  const [menuWanted, setMenuWanted] = useState(false);
  const preloadMenu = () => void loadMobileNav();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: 2000,
          '&:focus': { left: 16, top: 16, p: 1, bgcolor: 'background.paper' },
        }}
      >
        {t('app.skipToContent')}
      </Link>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={t('nav.openMenu')}
            onClick={() => {
              setMenuWanted(true);
              setMobileOpen(true);
            }}
            onPointerDown={preloadMenu}
            onFocus={preloadMenu}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <AppLink
            to={paths.dashboard}
            underline="none"
            aria-label={t('nav.dashboard')}
            sx={{
              display: { xs: 'inline-flex', md: 'none' },
              alignItems: 'center',
              minWidth: 44,
              minHeight: 44,
            }}
          >
            <Logo size={26} />
          </AppLink>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher onChange={saveLanguage} />
          <SettingsDrawer onModeChange={saveThemeMode} />
          <UserMenu />
        </Toolbar>
      </AppBar>

      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Suspense fallback={null}>
          {wide ? <SideNav /> : null}
          {!wide && menuWanted ? <MobileNav open={mobileOpen} onClose={() => setMobileOpen(false)} /> : null}
        </Suspense>
      </Box>

      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, lg: 4 }, pt: { xs: 2, sm: 3 }, pb: 6 }}
      >
        <Toolbar />
        {/* One column for every page: its cards all have the same width. */}
        <Box sx={{ maxWidth: LAYOUT.contentMaxWidth, mx: 'auto' }}>
          <OfflineNotice />
          <ImpersonationBanner />
          <CaregivingBanner />
          <ConfirmEmailBanner />
          <ViewerProvider>
            <Outlet />
          </ViewerProvider>
        </Box>
      </Box>
      <NavigationProgress />
    </Box>
  );
}
