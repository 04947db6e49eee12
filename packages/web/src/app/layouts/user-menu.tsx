import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UserAvatar } from '../../components/user-avatar';
import { paths } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import { useProfile, useUser } from '../../lib/current-user';
import { endSession } from '../../lib/session';

/** Avatar, UPPERCASE name, e-mail, Profile and Logout (with its confirmation; lib/session.ts ends the session). */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();

  const name = profile ? `${profile.givenname} ${profile.familyname}`.trim() : (user?.username ?? '');

  const logout = () => {
    setConfirming(false);
    endSession(queryClient);
  };

  return (
    <>
      <IconButton
        aria-label={t('userMenu.open')}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar image={user?.profile_img} alt={t('userMenu.avatar', { name })} size={36} />
      </IconButton>
      <Popover
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        {/* Who is signed in: beside the menu, not an item of it. */}
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar image={user?.profile_img} alt="" size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, textTransform: 'uppercase' }} noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user?.email}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuList autoFocusItem={!!anchor} aria-label={t('userMenu.label')}>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate(href(paths.profile));
            }}
          >
            <ListItemIcon>
              <Person fontSize="small" />
            </ListItemIcon>
            {t('nav.profile')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setConfirming(true);
            }}
          >
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            {t('nav.logout')}
          </MenuItem>
        </MenuList>
      </Popover>
      <ConfirmDialog
        open={confirming}
        title={t('logout.title')}
        question={t('logout.question')}
        cancelLabel={t('logout.cancel')}
        confirmLabel={t('logout.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={logout}
      />
    </>
  );
}
