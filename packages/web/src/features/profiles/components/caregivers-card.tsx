import type { Caregiver } from '@dosedot/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContentCard } from '../../../components/content-card';
import { EmailAddress } from '../../../components/email-address';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { QueryState } from '../../../components/query-state';
import { failureKey } from '../../../lib/api-client';
import { showFieldErrors, useErrorText } from '../../../lib/form';
import { formatInZone } from '../../../lib/time-zone';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { useCaregivers, useInviteCaregiver, useRevokeCaregiver } from '../api/caregivers';

const inviteSchema = z.object({
  email: z.string().check(z.trim(), z.email({ message: 'validation.email' })),
});
type InviteValues = z.infer<typeof inviteSchema>;

const STATUS_COLOR = { active: 'success', invited: 'default', expired: 'warning' } as const;

/** The invitation form: an address, mailed a link. */
function InviteForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const invite = useInviteCaregiver();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await invite.mutateAsync(email);
      notify.success(t('profile.caregivers.invited', { email }));
      form.reset({ email: '' });
    } catch (error) {
      if (!showFieldErrors(form, error, ['email'])) setFailure(failureKey(error));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('profile.caregivers.inviteFailed')} {t(failure)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          {...form.register('email')}
          type="email"
          label={t('profile.caregivers.email')}
          autoComplete="off"
          error={!!form.formState.errors.email}
          helperText={errorText(form.formState.errors.email) ?? t('profile.caregivers.emailHelp')}
          sx={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ mt: 1 }}>
          {t('profile.caregivers.invite')}
        </Button>
      </Box>
    </Box>
  );
}

/** My caregivers and open invitations, each revocable after a question. */
function CaregiverList({ caregivers }: { caregivers: Caregiver[] }) {
  const { t } = useTranslation();
  const { lang, zone } = useViewer();
  const revoke = useRevokeCaregiver();
  const [ending, setEnding] = useState<Caregiver | null>(null);
  if (caregivers.length === 0)
    return (
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary', mb: 2 }}>
        <GroupOutlined aria-hidden="true" />
        <Typography>{t('profile.caregivers.empty')}</Typography>
      </Box>
    );
  return (
    <>
      <List aria-label={t('profile.caregivers.title')} disablePadding sx={{ mb: 2 }}>
        {caregivers.map((c) => (
          <ListItem
            key={c.id}
            divider
            disableGutters
            sx={{ flexWrap: 'wrap', gap: 1 }}
            secondaryAction={
              <Button color="error" onClick={() => setEnding(c)}>
                {t(c.status === 'active' ? 'profile.caregivers.revoke' : 'profile.caregivers.withdraw')}
              </Button>
            }
          >
            <ListItemText
              sx={{ pr: 12, minWidth: 0 }}
              primary={
                <Box
                  component="span"
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {c.name ?? <EmailAddress address={c.email} />}
                  </Box>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[c.status]}
                    label={t(`profile.caregivers.status.${c.status}`)}
                  />
                </Box>
              }
              secondary={
                <>
                  {c.name ? (
                    <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      <EmailAddress address={c.email} />
                    </Box>
                  ) : null}
                  {t(c.acceptedAt ? 'profile.caregivers.since' : 'profile.caregivers.invitedAt', {
                    when: formatInZone(c.acceptedAt ?? c.invitedAt, zone, lang),
                  })}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={ending !== null}
        title={t('profile.caregivers.confirmTitle')}
        question={t('profile.caregivers.confirm', { who: ending?.name ?? ending?.email ?? '' })}
        cancelLabel={t('profile.caregivers.cancel')}
        confirmLabel={t('profile.caregivers.revoke')}
        busy={revoke.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={async () => {
          if (!ending) return;
          try {
            await revoke.mutateAsync(ending.id);
            notify.success(t('profile.caregivers.revoked'));
          } catch (error) {
            notify.error(`${t('profile.caregivers.revokeFailed')} ${t(failureKey(error))}`);
          }
          setEnding(null);
        }}
      />
    </>
  );
}

/**
 * Caregivers (issue 26 item 5): the relatives who read my dashboard, plans and alerts (never change
 * anything; each read is in my access log), invited by e-mail and revoked here.
 */
export function CaregiversCard() {
  const { t } = useTranslation();
  const caregivers = useCaregivers();
  return (
    <ContentCard title={t('profile.caregivers.title')} description={t('profile.caregivers.description')}>
      <QueryState
        query={caregivers}
        loading={<LoadingSkeleton rows={2} />}
        failed={t('profile.caregivers.loadFailed')}
      >
        {(list) => <CaregiverList caregivers={list} />}
      </QueryState>
      <InviteForm />
    </ContentCard>
  );
}
