import Drawer from '@mui/material/Drawer';
import { LAYOUT } from '../../lib/theme';
import { SideMenu } from './side-menu';

/**
 * The side menu on a phone: slid in from the menu button, closed by a tap outside or on an entry.
 * Loaded lazily by the layout when the menu is first wanted (with the drawer's modal, which no
 * page's first paint needs).
 */
export default function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width: LAYOUT.drawerWidth } }}
    >
      <SideMenu onNavigate={onClose} />
    </Drawer>
  );
}
