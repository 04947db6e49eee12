import type { NotificationsResponse, ReminderSettingsBody } from '@dosedot/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { ListPager } from '../../../components/list-pager';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { QueryState } from '../../../components/query-state';
import { failureKey } from '../../../lib/api-client';
import { showFieldErrors, useErrorText } from '../../../lib/form';
import { formatInZone } from '../../../lib/time-zone';
import { notify } from '../../../lib/toast';
import { useViewer } from '../../../lib/viewer';
import { PushRefused, pushSupported, subscribeThisBrowser } from '../api/push-subscription';
import { useNotifications, useReminderSettings, useSaveReminderSettings } from '../api/reminders';
import {
  MISSED_AFTER_CHOICES,
  REFILL_DAYS_CHOICES,
  type ReminderFormValues,
  reminderFormSchema,
  reminderFormValuesOf,
  reminderSettingsOf,
} from '../utils/reminder-form';

const FIELDS = ['email', 'push', 'quietFrom', 'quietTo', 'missedAfterMinutes', 'refillDays'] as const;

/** A number chosen from a list (minutes, days); a value set through the API outside it is shown as it is. */
function CountSelect({
  form,
  name,
  choices,
  label,
  help,
  textOf,
}: {
  form: UseFormReturn<ReminderFormValues>;
  name: 'missedAfterMinutes' | 'refillDays';
  choices: readonly number[];
  label: string;
  help: string;
  textOf: (n: number) => string;
}) {
  const errorText = useErrorText();
  const error = form.formState.errors[name];
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          onChange={(e) => field.onChange(Number(e.target.value))}
          select
          label={label}
          fullWidth
          error={!!error}
          helperText={errorText(error) ?? help}
        >
          {[...new Set([...choices, field.value])]
            .sort((a, b) => a - b)
            .map((n) => (
              <MenuItem key={n} value={n}>
                {textOf(n)}
              </MenuItem>
            ))}
        </TextField>
      )}
    />
  );
}

/** The settings form, once they are loaded. */
function ReminderForm({ saved }: { saved: ReminderSettingsBody }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveReminderSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReminderFormValues>({
    resolver: zodResolver(reminderFormSchema),
    values: reminderFormValuesOf(saved),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Push on: this browser asks for the permission and subscribes (again: it may be a new device).
      if (values.push) await subscribeThisBrowser();
    } catch (error) {
      if (error instanceof PushRefused) {
        form.setError('push', { message: `profile.reminders.${error.problem}` });
        return;
      }
      setFailure(failureKey(error));
      return;
    }
    try {
      await save.mutateAsync(reminderSettingsOf(saved, values));
      notify.success(t('profile.reminders.saved'));
    } catch (error) {
      const shown = showFieldErrors(form, error, FIELDS);
      if (!shown) setFailure(failureKey(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('profile.reminders.failed')} {t(failure)}
        </Alert>
      ) : null}
      <Controller
        control={form.control}
        name="email"
        render={({ field }) => (
          <FormControlLabel
            label={t('profile.reminders.email')}
            sx={{ mb: 1, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1 } }}
            control={
              <Switch
                checked={field.value}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
              />
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name="push"
        render={({ field }) => (
          <Box sx={{ mb: 2 }}>
            <FormControlLabel
              label={t('profile.reminders.push')}
              sx={{ alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1 } }}
              control={
                <Switch
                  checked={field.value}
                  onChange={(_, checked) => field.onChange(checked)}
                  onBlur={field.onBlur}
                  disabled={!field.value && !pushSupported()}
                  slotProps={{ input: { 'aria-describedby': 'push-help' } }}
                />
              }
            />
            <FormHelperText id="push-help" error={!!errors.push} sx={{ ml: 0 }}>
              {errorText(errors.push) ??
                t(pushSupported() ? 'profile.reminders.pushHelp' : 'profile.reminders.pushUnsupported')}
            </FormHelperText>
          </Box>
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField
          {...form.register('quietFrom')}
          type="time"
          label={t('profile.reminders.quietFrom')}
          fullWidth
          error={!!errors.quietFrom}
          helperText={errorText(errors.quietFrom) ?? t('profile.reminders.quietHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...form.register('quietTo')}
          type="time"
          label={t('profile.reminders.quietTo')}
          fullWidth
          error={!!errors.quietTo}
          helperText={errorText(errors.quietTo)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <CountSelect
          form={form}
          name="missedAfterMinutes"
          choices={MISSED_AFTER_CHOICES}
          label={t('profile.reminders.missedAfter')}
          help={t('profile.reminders.missedAfterHelp')}
          textOf={(m) => t('profile.reminders.minutes', { count: m })}
        />
        <CountSelect
          form={form}
          name="refillDays"
          choices={REFILL_DAYS_CHOICES}
          label={t('profile.reminders.refillDays')}
          help={t('profile.reminders.refillDaysHelp')}
          textOf={(d) => t('profile.reminders.days', { count: d })}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('profile.reminders.save')}
        </Button>
        <Button
          type="button"
          onClick={() => form.reset(reminderFormValuesOf(saved))}
          disabled={save.isPending}
        >
          {t('profile.form.reset')}
        </Button>
      </Box>
    </Box>
  );
}

type Sent = NotificationsResponse['data'][number];

/** What became of the dose: an alert whose press came late reads 'taken later'. */
function outcomeOf(n: Sent): 'takenLater' | 'takenByHand' | null {
  if (n.kind === 'reminder') return null;
  if (n.doseStatus === 'taken') return 'takenLater';
  if (n.doseStatus === 'by_hand') return 'takenByHand';
  return null;
}

/** The notifications DoseDot sent, newest dose first, a page at a time. */
function SentList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const sent = useNotifications(page);
  return (
    <QueryState
      query={sent}
      loading={<LoadingSkeleton rows={2} />}
      failed={t('profile.reminders.listFailed')}
    >
      {(data) => <SentPage data={data} page={page} onPage={setPage} />}
    </QueryState>
  );
}

/** One page of what was sent. */
function SentPage({
  data,
  page,
  onPage,
}: {
  data: NotificationsResponse;
  page: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation();
  const { lang, zone } = useViewer();
  if (data.meta.pagination.total === 0)
    return (
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
        <NotificationsNoneOutlined aria-hidden="true" />
        <Typography>{t('profile.reminders.empty')}</Typography>
      </Box>
    );
  return (
    <>
      <List aria-label={t('profile.reminders.sentTitle')} disablePadding>
        {data.data.map((n) => {
          const outcome = outcomeOf(n);
          return (
            <ListItem key={n.id} divider disableGutters alignItems="flex-start">
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    {t(`profile.reminders.kinds.${n.kind}`)}
                    {outcome ? (
                      <Chip size="small" color="success" label={t(`profile.reminders.${outcome}`)} />
                    ) : null}
                  </Box>
                }
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      {t('profile.reminders.dose', { when: formatInZone(n.scheduledAt, zone, lang) })}
                    </Box>
                    <Box component="span" sx={{ display: 'block' }}>
                      {n.sentAt
                        ? t('profile.reminders.sentAt', { when: formatInZone(n.sentAt, zone, lang) })
                        : t('profile.reminders.notSent')}
                    </Box>
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
      <ListPager pageCount={data.meta.pagination.pageCount} page={page} onChange={onPage} />
    </>
  );
}

/**
 * Reminders and missed-dose alerts (issue 26): e-mail at each dosage time and when a dose is missed
 * (or the box is offline or needs a battery), quiet hours, when a dose counts as missed; and what was sent.
 */
export function RemindersCard() {
  const { t } = useTranslation();
  const settings = useReminderSettings();
  return (
    <ContentCard title={t('profile.reminders.title')} description={t('profile.reminders.description')}>
      <QueryState
        query={settings}
        loading={<LoadingSkeleton rows={2} />}
        failed={t('profile.reminders.loadFailed')}
      >
        {(saved) => <ReminderForm saved={saved} />}
      </QueryState>
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('profile.reminders.sentTitle')}
      </Typography>
      <SentList />
    </ContentCard>
  );
}
