import type { ProfileListEntry } from '@dosedot/domain';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useUser } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { type UserMail, useSendUserMail } from '../api/send-user-mail';
import { useUpdateUser } from '../api/update-user';
import { userActionFailureKey } from '../utils/user-action-failure';
import { type RoleChange, RoleChangeDialog } from './role-change-dialog';

const nameOf = (entry: ProfileListEntry) =>
  `${entry.attributes.givenname} ${entry.attributes.familyname}`.trim() || entry.attributes.email;

/** "Blocked" beside the row's status when an administrator blocked the account. */
export function BlockedChip({ entry }: { entry: ProfileListEntry }) {
  const { t } = useTranslation();
  if (!entry.attributes.blocked) return null;
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={t('patientActions.blockedChip')}
      sx={{ ml: 0.5 }}
    />
  );
}

/**
 * The row's "more" menu on the Users page: block or unblock, send a password reset, resend the
 * e-mail confirmation, make administrator or patient. Blocking and role changes ask first; every
 * result is a toast, a refusal the server's reason in words.
 */
export function PatientActionsMenu({ entry }: { entry: ProfileListEntry }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const update = useUpdateUser();
  const mail = useSendUserMail();
  const name = nameOf(entry);
  const id = entry.attributes.userid;
  const blocked = entry.attributes.blocked === true;
  const isAdmin = entry.attributes.profiletype === 'admin';
  // Nobody blocks their own account (the server refuses it too).
  const isSelf = useUser().data?.id === id;

  const failed = (err: unknown) =>
    notify.error(t('patientActions.failed', { name, reason: t(userActionFailureKey(err)) }));

  const setBlocked = (value: boolean) =>
    update.mutate(
      { id, blocked: value },
      {
        onSuccess: () => {
          setConfirmBlock(false);
          notify.success(t(value ? 'patientActions.block.done' : 'patientActions.unblock.done', { name }));
        },
        onError: (err) => {
          setConfirmBlock(false);
          failed(err);
        },
      },
    );

  const send = (which: UserMail) =>
    mail.mutate(
      { id, mail: which },
      {
        onSuccess: (sent) =>
          notify.success(
            t(
              which === 'send-password-reset'
                ? 'patientActions.reset.done'
                : 'patientActions.confirmation.done',
              {
                email: sent.email,
              },
            ),
          ),
        onError: failed,
      },
    );

  /** Closes the menu, then does what the item says. */
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  return (
    <>
      <IconButton
        aria-label={t('patientActions.menuFor', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {blocked ? (
          <MenuItem onClick={choose(() => setBlocked(false))}>
            <ListItemIcon>
              <RestoreOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('patientActions.unblock.item')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={choose(() => setConfirmBlock(true))} disabled={isSelf}>
            <ListItemIcon>
              <BlockOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('patientActions.block.item')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={choose(() => send('send-password-reset'))} disabled={blocked}>
          <ListItemIcon>
            <LockResetOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('patientActions.reset.item')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose(() => send('send-email-confirmation'))} disabled={blocked}>
          <ListItemIcon>
            <MarkEmailReadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('patientActions.confirmation.item')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose(() => setRoleChange({ id, name, role: isAdmin ? 'basic' : 'admin' }))}>
          <ListItemIcon>
            {isAdmin ? <PersonOutlined fontSize="small" /> : <AdminPanelSettingsOutlined fontSize="small" />}
          </ListItemIcon>
          <ListItemText>
            {t(isAdmin ? 'patientActions.role.makePatient' : 'patientActions.role.makeAdmin')}
          </ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmBlock}
        title={t('patientActions.block.title', { name })}
        question={t('patientActions.block.question', { name })}
        cancelLabel={t('patientActions.cancel')}
        confirmLabel={t('patientActions.block.confirm')}
        onCancel={() => setConfirmBlock(false)}
        onConfirm={() => setBlocked(true)}
        busy={update.isPending}
      />
      <RoleChangeDialog change={roleChange} onClose={() => setRoleChange(null)} />
    </>
  );
}
