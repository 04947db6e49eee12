import BarChart from '@mui/icons-material/BarChart';
import Dashboard from '@mui/icons-material/Dashboard';
import Devices from '@mui/icons-material/Devices';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Group from '@mui/icons-material/Group';
import Medication from '@mui/icons-material/Medication';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { AppLink } from '../../components/app-link';
import { FooterLinks } from '../../components/footer-links';
import { Logo } from '../../components/logo';
import { OverflowTooltip } from '../../components/overflow-tooltip';
import { paths } from '../../config/paths';
import { useCaredFor } from '../../features/caregiving/api/caregiving';
import { useLocalizedPath } from '../../hooks/use-locale';
import { useUser } from '../../lib/current-user';
import { stripLocale } from '../../lib/locale';
import { useSession } from '../../lib/session-store';
import { LAYOUT } from '../../lib/theme';
import { type MenuKey, menuItemsFor } from './menu-items';

const ICONS: Record<MenuKey, ReactElement> = {
  dashboard: <Dashboard />,
  myMedicine: <Medication />,
  cumulativeChart: <BarChart />,
  devices: <Devices />,
  users: <Group />,
  myHealthData: <FavoriteBorder />,
  caregiving: <VolunteerActivismOutlined />,
};

/**
 * The side menu on a wide screen, always there at the left as a docked drawer's paper (without the
 * Drawer component, whose modal only the phone's menu needs: mobile-nav.tsx). The layout loads this
 * module lazily, at once on a wide screen and on a phone only when the menu is first wanted, so a
 * phone's cold start does not load the menu, its tooltips and popper (issue 23 item 12).
 */
export default function SideNav() {
  return (
    <Paper
      square
      elevation={0}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: (theme) => theme.zIndex.drawer,
        width: LAYOUT.drawerWidth,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflowY: 'auto',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <SideMenu />
    </Paper>
  );
}

/** The side menu by role, with the version text and the footer links. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const href = useLocalizedPath();
  const current = stripLocale(useLocation().pathname).path;
  // A caregiver's entry: the people one cares for, asked for once the user is known.
  const caredFor = useCaredFor(!!user);
  const caring = useSession((s) => s.caring !== null);
  const items = user ? menuItemsFor(user, (caredFor.data?.length ?? 0) > 0, caring) : [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar>
        {/* A finger's target like the app bar's logo (the drawer on a phone): 44 px high. */}
        <AppLink
          to={paths.dashboard}
          underline="none"
          aria-label={t('nav.dashboard')}
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
        >
          <Logo size={30} />
        </AppLink>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('nav.mainMenu')} sx={{ flex: 1, overflowY: 'auto' }}>
        <List sx={{ px: 1.5, py: 1.5 }}>
          {items.map((item) => {
            const active = current === item.path || current.startsWith(`${item.path}/`);
            const label = t(`nav.${item.key}`);
            return (
              <ListItem key={item.key} disablePadding sx={{ mb: 0.5 }}>
                {/* A label too long for the menu ends in "…" and shows whole in a tooltip. */}
                <OverflowTooltip title={label}>
                  <ListItemButton
                    component={RouterLink}
                    to={href(item.path)}
                    selected={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                    sx={{ borderRadius: 2, minHeight: 48, px: 1.5 }}
                  >
                    <ListItemIcon>{ICONS[item.key]}</ListItemIcon>
                    <ListItemText
                      primary={label}
                      slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } } }}
                    />
                  </ListItemButton>
                </OverflowTooltip>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      <Box component="footer" sx={{ px: 3, py: 2, display: 'grid', gap: 1.5 }}>
        <FooterLinks dense />
        <Typography variant="caption" color="text.secondary">
          {t('app.name')} · {t('app.version', { version: __APP_VERSION__ })}
        </Typography>
      </Box>
    </Box>
  );
}
