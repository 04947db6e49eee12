import type { Profile } from '@dosedot/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import { paths } from '../../../config/paths';
import { failureKey } from '../../../lib/api-client';
import { showFieldErrors, useErrorText } from '../../../lib/form';
import { LANGUAGES, localize } from '../../../lib/locale';
import { useSettings } from '../../../lib/settings-store';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import {
  changesOf,
  DAY_TIME_FIELDS,
  formValuesOf,
  type ProfileFormValues,
  profileFormSchema,
  timeZones,
} from '../utils/profile-form';

const FIELDS = ['givenname', 'familyname', 'language', 'is_dark', 'timezone', ...DAY_TIME_FIELDS] as const;

/**
 * Update profile: names, language, dark mode and time zone. The saved profile's language becomes
 * the page language (spec section 4) and its dark mode the theme.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(profile.timezone), [profile.timezone]);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    values: formValuesOf(profile),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const changes = changesOf(profile, values);
    if (Object.keys(changes).length === 0) {
      notify.info(t('profile.form.unchanged'));
      return;
    }
    try {
      const { profile: saved } = await update.mutateAsync(changes);
      useSettings.getState().setMode(saved.is_dark ? 'dark' : 'light');
      notify.success(t('profile.form.saved'));
      // The page language follows the profile: the same page in its language (the locale route loads it).
      await navigate(localize(paths.profile, saved.language), { replace: true });
    } catch (error) {
      const shown = showFieldErrors(form, error, FIELDS);
      if (!shown) setFailure(failureKey(error));
    }
  });

  return (
    <ContentCard title={t('profile.form.title')} description={t('profile.form.description')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t('profile.form.failed')} {t(failure)}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...form.register('givenname')}
            label={t('profile.form.givenname')}
            required
            fullWidth
            error={!!errors.givenname}
            helperText={errorText(errors.givenname)}
            autoComplete="given-name"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            {...form.register('familyname')}
            label={t('profile.form.familyname')}
            fullWidth
            error={!!errors.familyname}
            helperText={errorText(errors.familyname)}
            autoComplete="family-name"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <TextField
                {...field}
                select
                label={t('profile.form.language')}
                fullWidth
                error={!!errors.language}
                helperText={errorText(errors.language) ?? t('profile.form.languageHelp')}
              >
                {LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l} lang={l}>
                    {t(`language.${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <TextField
                {...field}
                select
                label={t('profile.form.timezone')}
                fullWidth
                error={!!errors.timezone}
                helperText={errorText(errors.timezone) ?? t('profile.form.timezoneHelp')}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
              >
                {zones.map((z) => (
                  <MenuItem key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2.5, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
            {t('profile.form.dayTimes')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('profile.form.dayTimesHelp')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {DAY_TIME_FIELDS.map((segment) => (
              <TextField
                key={segment}
                {...form.register(segment)}
                type="time"
                label={t(`profile.form.segment.${segment}`)}
                fullWidth
                error={!!errors[segment]}
                helperText={errorText(errors[segment])}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
          </Box>
        </Box>
        <Controller
          control={form.control}
          name="is_dark"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1.5 }}
              label={t('profile.form.isDark')}
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
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('profile.form.save')}
          </Button>
          <Button type="button" onClick={() => form.reset(formValuesOf(profile))} disabled={update.isPending}>
            {t('profile.form.reset')}
          </Button>
        </Box>
      </Box>
    </ContentCard>
  );
}
