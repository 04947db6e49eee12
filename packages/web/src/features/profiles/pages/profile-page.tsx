import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, STANDALONE_LINK } from '../../../components/app-link';
import { ContentCard } from '../../../components/content-card';
import { EmailAddress } from '../../../components/email-address';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { useProfile, useUser } from '../../../lib/current-user';
import { AccessLogCard } from '../components/access-log-card';
import { CaregiversCard } from '../components/caregivers-card';
import { MedicinesCard } from '../components/medicines-card';
import { MyDataCard } from '../components/my-data-card';
import { ProfileForm } from '../components/profile-form';
import { ProfileImageCard } from '../components/profile-image-card';
import { RemindersCard } from '../components/reminders-card';

/** One fact of the profile: a small secondary label above its value. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.5, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The signed-in user's profile (spec section 2): language, dark mode, status, medicines and sensor;
 * update profile and picture; who accessed their data as an administrator.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const { data: user } = useUser();
  return (
    <>
      <PageHeader
        title={t('pages.profile.title')}
        actions={
          <AppLink to={paths.profileSecurity} sx={STANDALONE_LINK}>
            {t('security.link')}
          </AppLink>
        }
      />
      <QueryState query={profile} loading={<LoadingSkeleton rows={4} />}>
        {(p) => {
          const name = `${p.givenname} ${p.familyname}`.trim();
          return (
            <Stack spacing={3}>
              <ContentCard>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
                  <UserAvatar image={user?.profile_img} alt={t('userMenu.avatar', { name })} size={64} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="h5" component="h2">
                      {name}
                    </Typography>
                    <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {user?.email ? <EmailAddress address={user.email} /> : null}
                    </Typography>
                  </Box>
                </Box>
                <Divider sx={{ my: 3 }} />
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: {
                      xs: '1fr',
                      sm: 'repeat(2, minmax(0, 1fr))',
                      lg: 'repeat(3, minmax(0, 1fr))',
                    },
                    columnGap: 4,
                    rowGap: 3,
                  }}
                >
                  <Field label={t('pages.profile.status')}>
                    <Chip
                      size="small"
                      color={p.is_active ? 'success' : 'default'}
                      label={p.is_active ? t('pages.profile.active') : t('pages.profile.inactive')}
                    />
                  </Field>
                  <Field label={t('pages.profile.role')}>
                    {t(`pages.profile.roles.${p.profile_role.profiletype}`)}
                  </Field>
                  <Field label={t('pages.profile.language')}>{t(`language.${p.language}`)}</Field>
                  <Field label={t('pages.profile.darkMode')}>
                    {p.is_dark ? t('pages.profile.on') : t('pages.profile.off')}
                  </Field>
                  <Field label={t('pages.profile.sensor')}>
                    {p.sensor
                      ? `${p.sensor.deveui}${p.sensor.serial_number ? ` (${p.sensor.serial_number})` : ''}`
                      : t('pages.profile.noSensor')}
                  </Field>
                  <Field label={t('profile.form.timezone')}>{p.timezone.replaceAll('_', ' ')}</Field>
                </Box>
              </ContentCard>
              <MedicinesCard medicines={p.medicines} />
              <ProfileForm profile={p} />
              <RemindersCard />
              <CaregiversCard />
              <ProfileImageCard image={user?.profile_img} name={name} />
              <AccessLogCard />
              <MyDataCard />
            </Stack>
          );
        }}
      </QueryState>
    </>
  );
}
