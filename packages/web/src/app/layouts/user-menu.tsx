import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { useProfile, useUser } from '../../lib/current-user';

// The popover and the logout dialog load when the menu first opens, and stay (issue 25 item 6).
const UserMenuPopover = lazy(() => import('./user-menu-popover'));

/** Avatar, UPPERCASE name, e-mail, Profile and Logout (user-menu-popover.tsx). */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { data: profile } = useProfile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();

  const name = profile ? `${profile.givenname} ${profile.familyname}`.trim() : (user?.username ?? '');

  return (
    <>
      <IconButton
        aria-label={t('userMenu.open')}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <UserAvatar image={user?.profile_img} alt={t('userMenu.avatar', { name })} size={36} />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <UserMenuPopover id={menuId} anchor={anchor} name={name} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
