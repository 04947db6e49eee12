import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { withEmailAddress } from '../../../components/email-address';
import { TextInput } from '../../../components/text-input';
import { failureKey } from '../../../lib/api-client';
import { useFieldProps } from '../../../lib/form';
import { emailField } from '../../../lib/form-schemas';
import { type SendEmailConfirmationInput, useSendEmailConfirmation } from '../api/send-email-confirmation';
import { FailureAlert, SubmitButton } from './form-parts';

const schema = z.object({ email: emailField });

/** Asks for a new confirmation link; says the same whether or not the address has an account. */
export function ResendConfirmation({ email = '' }: { email?: string }) {
  const { t } = useTranslation();
  const send = useSendEmailConfirmation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SendEmailConfirmationInput>({
    resolver: zodResolver(schema),
    defaultValues: { email },
  });
  const input = useFieldProps(form);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await send.mutateAsync(input);
      setSentTo(input.email);
    } catch (error) {
      setFailure(failureKey(error));
    }
  });

  if (sentTo)
    return (
      <Alert severity="success" role="status">
        {withEmailAddress(t('auth.confirm.sent', { email: sentTo }), sentTo)}
      </Alert>
    );
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FailureAlert messageKey={failure} />
        <TextInput {...input('email')} label={t('auth.email')} type="email" autoComplete="email" />
        <SubmitButton busy={form.formState.isSubmitting}>{t('auth.confirm.resend')}</SubmitButton>
      </Stack>
    </Box>
  );
}
