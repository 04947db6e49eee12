import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink, STANDALONE_LINK } from '../../../components/app-link';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { ApiError, failureKey } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useFieldProps } from '../../../lib/form';
import { localize } from '../../../lib/locale';
import { startSession } from '../../../lib/session';
import { type ResetPasswordInput, resetPasswordInputSchema, useResetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';
import { FailureAlert, FormFooter, SubmitButton } from '../components/form-parts';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';

/** The page of the e-mailed link: a new password, then signed in on the success page. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const reset = useResetPassword();
  const href = useLocalizedPath();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const { isSubmitting } = form.formState;
  const input = useFieldProps(form);
  const password = form.watch('password') ?? '';
  const passwordField = input('password');

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const answer = await reset.mutateAsync({ code, input });
      // Two-step sign-in: the new password is set; the code from the app finishes the sign-in.
      if ('mfaRequired' in answer)
        return void navigate(href(paths.signIn), { replace: true, state: { mfaToken: answer.mfaToken } });
      const profile = await startSession(queryClient, answer.jwt);
      await navigate(`${localize(paths.success, profile.language)}?reason=reset`, { replace: true });
    } catch (error) {
      const badCode = error instanceof ApiError && error.fieldMessage('code') !== undefined;
      // A refused password (too common, the name or address inside) is named at its field, in the
      // page's language; the link stays usable for another try.
      const named = badCode
        ? []
        : serverFieldErrors(error, {
            password: 'password',
            passwordConfirmation: 'passwordConfirmation',
          } as const);
      for (const { field, key } of named) form.setError(field, { message: key });
      if (named.length === 0) setFailure(badCode ? 'auth.reset.invalidCode' : failureKey(error));
    }
  });

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} heading={t('auth.reset.heading')} />
      {code ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            <FailureAlert messageKey={failure} />
            <PasswordField
              {...passwordField}
              label={t('auth.reset.newPassword')}
              autoComplete="new-password"
              helperText={
                <>
                  {passwordField.helperText}
                  <PasswordStrength password={password} person={{}} />
                </>
              }
            />
            <PasswordField
              {...input('passwordConfirmation')}
              label={t('auth.reset.confirmPassword')}
              autoComplete="new-password"
            />
            <SubmitButton busy={isSubmitting}>{t('auth.reset.submit')}</SubmitButton>
          </Stack>
        </Box>
      ) : (
        <Alert severity="warning">{t('auth.reset.missingCode')}</Alert>
      )}
      <FormFooter>
        <AppLink to={paths.forgotPassword} sx={STANDALONE_LINK}>
          {t('auth.reset.requestNew')}
        </AppLink>
      </FormFooter>
    </>
  );
}
