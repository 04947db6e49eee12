import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLink, STANDALONE_LINK } from '../../../components/app-link';
import { withEmailAddress } from '../../../components/email-address';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { failureKey } from '../../../lib/api-client';
import { useFieldProps } from '../../../lib/form';
import {
  type ForgotPasswordInput,
  forgotPasswordInputSchema,
  useForgotPassword,
} from '../api/forgot-password';
import { AuthHeading } from '../components/auth-heading';
import { FailureAlert, FormFooter, SubmitButton } from '../components/form-parts';

/** Asks for a reset link; says the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;
  const input = useFieldProps(form);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(input);
      setSentTo(input.email);
    } catch (error) {
      setFailure(failureKey(error));
    }
  });

  return (
    <>
      <AuthHeading
        title={t('auth.forgot.title')}
        heading={t('auth.forgot.heading')}
        intro={sentTo ? undefined : t('auth.forgot.intro')}
      />
      {sentTo ? (
        <Alert severity="success" role="status">
          {withEmailAddress(t('auth.forgot.sent', { email: sentTo }), sentTo)}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            <FailureAlert messageKey={failure} />
            <TextInput {...input('email')} label={t('auth.email')} type="email" autoComplete="email" />
            <SubmitButton busy={isSubmitting}>{t('auth.forgot.submit')}</SubmitButton>
          </Stack>
        </Box>
      )}
      <FormFooter>
        <AppLink to={paths.signIn} sx={STANDALONE_LINK}>
          {t('auth.forgot.backToSignin')}
        </AppLink>
      </FormFooter>
    </>
  );
}
