import { PASSWORD_MIN_LENGTH } from '@dosedot/domain/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AppLink } from '../../../components/app-link';
import { withEmailAddress } from '../../../components/email-address';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { useLocale, useLocalizedPath } from '../../../hooks/use-locale';
import { failureKey } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useErrorText, useFieldProps } from '../../../lib/form';
import { type RegisterInput, registerInputSchema, useRegister } from '../api/register';
import { AuthHeading } from '../components/auth-heading';
import { FailureAlert, FormFooter, SubmitButton } from '../components/form-parts';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';

/**
 * Register: full name, email, password (with the strength meter), terms and privacy notice; then
 * "check your email": the answer is the same whether or not the address already has an account
 * (registration never tells), so the page only says a message is on its way, and the new account
 * signs in on the sign-in page once its owner has the link.
 */
export function SignUpPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const locale = useLocale();
  const href = useLocalizedPath();
  const registration = useRegister();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const acceptHelpId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { fullName: '', email: '', password: '', accept: false },
  });
  const { errors, isSubmitting } = form.formState;
  const input = useFieldProps(form);
  const [password = '', email = '', fullName = ''] = form.watch(['password', 'email', 'fullName']);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await registration.mutateAsync({ input, language: locale });
      setSentTo(input.email);
    } catch (error) {
      // The server's rules by their code, in the page's language (lib/field-errors.ts).
      const named = serverFieldErrors(error, {
        username: 'fullName',
        email: 'email',
        password: 'password',
      } as const);
      for (const { field, key } of named) form.setError(field, { message: key });
      if (named.length === 0) setFailure(failureKey(error));
    }
  });

  if (sentTo)
    return (
      <>
        <AuthHeading title={t('auth.signup.title')} heading={t('auth.signup.checkInbox')} />
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {withEmailAddress(t('auth.signup.sent', { email: sentTo }), sentTo)}
          </Alert>
          <Button component={RouterLink} to={href(paths.signIn)} variant="contained" size="large">
            {t('auth.signin.submit')}
          </Button>
        </Stack>
      </>
    );

  return (
    <>
      <AuthHeading title={t('auth.signup.title')} heading={t('auth.signup.heading')} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <FailureAlert messageKey={failure} />
          <TextInput {...input('fullName')} label={t('auth.signup.fullName')} autoComplete="name" />
          <TextInput {...input('email')} label={t('auth.email')} type="email" autoComplete="email" />
          <PasswordField
            {...input('password')}
            label={t('auth.password')}
            autoComplete="new-password"
            helperText={
              <>
                {errorText(errors.password) ?? t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH })}
                <PasswordStrength password={password} person={{ email, name: fullName }} />
              </>
            }
          />
          <FormControl error={!!errors.accept}>
            <Controller
              control={form.control}
              name="accept"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'aria-describedby': errors.accept ? acceptHelpId : undefined,
                        },
                      }}
                    />
                  }
                  label={
                    <Trans
                      i18nKey="auth.signup.accept"
                      components={{
                        terms: <AppLink to={paths.terms} target="_blank" rel="noopener" />,
                        privacy: <AppLink to={paths.privacy} target="_blank" rel="noopener" />,
                      }}
                    />
                  }
                />
              )}
            />
            {errors.accept ? (
              <FormHelperText id={acceptHelpId}>{errorText(errors.accept)}</FormHelperText>
            ) : null}
          </FormControl>
          <SubmitButton busy={isSubmitting}>{t('auth.signup.submit')}</SubmitButton>
        </Stack>
      </Box>
      <FormFooter>
        {t('auth.signup.haveAccount')}{' '}
        <AppLink to={paths.signIn} sx={{ fontWeight: 600 }}>
          {t('auth.signup.signin')}
        </AppLink>
      </FormFooter>
    </>
  );
}
