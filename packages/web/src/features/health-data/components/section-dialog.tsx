import type { HealthSection } from '@dosedot/domain/health';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type ReactNode, useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { type SectionValues, useUpdateHealthSection } from '../api/update-health-section';
import { showServerErrors } from '../utils/server-errors';

interface SectionDialogProps<S extends HealthSection, T extends FieldValues> {
  section: S;
  title: string;
  /** The success toast's catalog key (spec section 8). */
  successKey: string;
  form: UseFormReturn<T, unknown, SectionValues<S>>;
  onClose: () => void;
  children: ReactNode;
}

/** The edit dialog of one section: its form, Save and Cancel; a failed save says why and stays open. */
export function SectionDialog<S extends HealthSection, T extends FieldValues>(
  props: SectionDialogProps<S, T>,
) {
  const { section, title, successKey, form, onClose, children } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateHealthSection(section);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      notify.success(t(successKey));
      onClose();
    } catch (error) {
      setFailure(showServerErrors(form, error) ? 'healthData.dialog.checkFields' : failureKey(error));
    }
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure === 'healthData.dialog.checkFields'
                ? t(failure)
                : `${t('healthData.dialog.failed')} ${t(failure)}`}
            </Alert>
          ) : null}
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('healthData.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('healthData.dialog.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
