import { ACCOUNT_BLOCKED_MESSAGE } from '@dosedot/domain/constants';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppLink, STANDALONE_LINK } from '../../../components/app-link';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { ApiError, failureKey } from '../../../lib/api-client';
import { localize } from '../../../lib/locale';
import { safeRedirect } from '../../../lib/redirect';
import { startSession } from '../../../lib/session';
import { checkLogin, type LoginErrors, type LoginInput, useLogin } from '../api/login';
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
  // Plain state, as the second step's form: no form library in the first page most visitors load.
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // After a first try, each field is checked again as it is typed in (what the other forms do).
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldRefs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const field = (name: keyof LoginInput) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (tried) setErrors(checkLogin(next).errors);
    },
    ref: fieldRefs[name],
    error: !!errors[name],
    helperText: errors[name] ? t(errors[name]) : undefined,
    required: true,
    fullWidth: true,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    // What the fields hold, as a password manager may have filled them in without a change event.
    const form = new FormData(event.currentTarget);
    const typed = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
    setValues(typed);
    const checked = checkLogin(typed);
    setErrors(checked.errors);
    const wrong = (['email', 'password'] as const).find((name) => checked.errors[name]);
    if (wrong) return fieldRefs[wrong].current?.focus();
    setFailure(null);
    setBusy(true);
    try {
      const answer = await login.mutateAsync(checked.values);
      if ('mfaRequired' in answer) return setChallenge(answer.mfaToken);
      await signedIn(answer.jwt);
    } catch (error) {
      const invalid = error instanceof ApiError && error.status === 400;
      // A blocked account is told so (only after its password was right, as Strapi does).
      if (invalid && error.message === ACCOUNT_BLOCKED_MESSAGE) return setFailure('auth.signin.blocked');
      setFailure(invalid ? 'auth.signin.invalid' : failureKey(error));
    } finally {
      setBusy(false);
    }
  };

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
          <TextInput {...field('email')} label={t('auth.email')} type="email" autoComplete="username" />
          <PasswordField {...field('password')} label={t('auth.password')} autoComplete="current-password" />
          <Box sx={{ textAlign: 'right' }}>
            <AppLink to={paths.forgotPassword} variant="body2" sx={STANDALONE_LINK}>
              {t('auth.signin.forgot')}
            </AppLink>
          </Box>
          <SubmitButton busy={busy}>{t('auth.signin.submit')}</SubmitButton>
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
