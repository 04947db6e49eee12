import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../hooks/use-phone';

/**
 * The layout both eMediplan dialogs share (review finding: import and export repeated it): full
 * screen on a phone, the title naming the dialog, the step's content in one column, and a footer of
 * a secondary button (Close unless the step says otherwise, such as Back) and the step's main action.
 */
export function EmediplanDialog({
  open,
  onClose,
  title,
  children,
  secondary,
  primary,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The footer's first button; Close when not given. */
  secondary?: ReactNode;
  /** The step's main action, last in the footer. */
  primary?: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</DialogContent>
      <DialogActions>
        {secondary ?? <Button onClick={onClose}>{t('emediplan.close')}</Button>}
        {primary}
      </DialogActions>
    </Dialog>
  );
}
