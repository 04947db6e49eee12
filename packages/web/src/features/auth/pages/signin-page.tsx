import { ACCOUNT_BLOCKED_MESSAGE } from '@dosedot/domain/constants';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppLink, STANDALONE_LINK } from '../../../components/app-link';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { ApiError, failureKey } from '../../../lib/api-client';
import { useFieldProps } from '../../../lib/form';
import { localize } from '../../../lib/locale';
import { safeRedirect } from '../../../lib/redirect';
import { startSession } from '../../../lib/session';
import { type LoginInput, loginResolver, useLogin } from '../api/login';
import { challengeFrom } from '../api/verify-second-step';
import { AuthHeading } from '../components/auth-heading';
import { FailureAlert, FormFooter, SubmitButton } from '../components/form-parts';
import { PasswordField } from '../components/password-field';
import { ProviderButtons, ProviderFailure } from '../components/provider-buttons';
import { SecondStepForm } from '../components/second-step-form';

/** Sign-in: email, password, forgot-password and create-account links, other providers when configured. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  // Two-step sign-in: the challenge of the first step (decision 0008), also handed over by another page.
  const location = useLocation();
  const [challenge, setChallenge] = useState(() => challengeFrom(location.state, params));
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;
  const input = useFieldProps(form);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync(input);
      if ('mfaRequired' in answer) return setChallenge(answer.mfaToken);
      await signedIn(answer.jwt);
    } catch (error) {
      const invalid = error instanceof ApiError && error.status === 400;
      // A blocked account is told so (only after its password was right, as Strapi does).
      if (invalid && error.message === ACCOUNT_BLOCKED_MESSAGE) return setFailure('auth.signin.blocked');
      setFailure(invalid ? 'auth.signin.invalid' : failureKey(error));
    }
  });

  async function signedIn(jwt: string) {
    const profile = await startSession(queryClient, jwt);
    await navigate(localize(safeRedirect(params.get('redirect')), profile.language), { replace: true });
  }

  if (challenge)
    return (
      <SecondStepForm
        mfaToken={challenge}
        onSignedIn={signedIn}
        onRestart={(why) => {
          setChallenge(null);
          setFailure(why || null);
        }}
      />
    );

  return (
    <>
      <AuthHeading title={t('auth.signin.title')} heading={t('auth.signin.heading')} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {failure ? null : <ProviderFailure />}
          <FailureAlert messageKey={failure} />
          <TextInput {...input('email')} label={t('auth.email')} type="email" autoComplete="username" />
          <PasswordField {...input('password')} label={t('auth.password')} autoComplete="current-password" />
          <Box sx={{ textAlign: 'right' }}>
            <AppLink to={paths.forgotPassword} variant="body2" sx={STANDALONE_LINK}>
              {t('auth.signin.forgot')}
            </AppLink>
          </Box>
          <SubmitButton busy={isSubmitting}>{t('auth.signin.submit')}</SubmitButton>
        </Stack>
      </Box>

      <ProviderButtons />

      <FormFooter>
        {t('auth.signin.noAccount')}{' '}
        <AppLink to={paths.signUp} sx={{ fontWeight: 600 }}>
          {t('auth.signin.createAccount')}
        </AppLink>
      </FormFooter>
    </>
  );
}
