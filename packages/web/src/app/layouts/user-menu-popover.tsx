import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailAddress } from '../../components/email-address';
import { UserAvatar } from '../../components/user-avatar';
import { paths } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import { useUser } from '../../lib/current-user';
import { endSession } from '../../lib/session';

interface UserMenuPopoverProps {
  id: string;
  anchor: HTMLElement | null;
  name: string;
  onClose: () => void;
}

/**
 * The account menu's popover: who is signed in, Profile and Logout (with its confirmation;
 * lib/session.ts ends the session). Loaded when the menu first opens (user-menu.tsx), so the pages
 * do not wait for the popover and the dialog.
 */
export default function UserMenuPopover({ id, anchor, name, onClose }: UserMenuPopoverProps) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const [confirming, setConfirming] = useState(false);

  const logout = () => {
    setConfirming(false);
    endSession(queryClient);
  };

  return (
    <>
      <Popover
        id={id}
        anchorEl={anchor}
        open={!!anchor}
        onClose={onClose}
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
            {/* The whole address, on two lines if it must: it tells which account this is. */}
            <Typography variant="body2" color="text.secondary">
              {user?.email ? <EmailAddress address={user.email} /> : null}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuList autoFocusItem={!!anchor} aria-label={t('userMenu.label')}>
          <MenuItem
            onClick={() => {
              onClose();
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
              onClose();
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
