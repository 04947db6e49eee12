import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import { ApiError, failureKey } from '../../../lib/api-client';
import { verifySecondStep } from '../api/verify-second-step';
import { AuthHeading } from './auth-heading';
import { FailureAlert, FormFooter, SubmitButton } from './form-parts';

/**
 * The second step of a sign-in with two-step sign-in (decision 0008): the 6-digit code from the
 * authenticator app, or one recovery code. Plain state and MUI parts the sign-in page already
 * loads: nothing new in its chunk.
 */
export function SecondStepForm({
  mfaToken,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string;
  onSignedIn: (jwt: string) => Promise<void>;
  /** The challenge is gone (expired or used): back to the password, with why. */
  onRestart: (messageKey: string) => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const switchMode = () => {
    setRecovery(!recovery);
    setValue('');
    setFieldError(null);
    setFailure(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = recovery ? value.trim() : value.replace(/\s/g, '');
    if (!typed) return setFieldError('validation.required');
    if (!recovery && !/^\d{6}$/.test(typed)) return setFieldError('auth.twoFactor.codeFormat');
    setFieldError(null);
    setBusy(true);
    try {
      const { jwt } = await verifySecondStep(mfaToken, recovery ? { recoveryCode: typed } : { code: typed });
      await onSignedIn(jwt);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 401) return onRestart('auth.twoFactor.expired');
      if (error instanceof ApiError && error.status === 400)
        return setFieldError(recovery ? 'auth.twoFactor.wrongRecovery' : 'auth.twoFactor.wrongCode');
      setFailure(failureKey(error));
    }
  };

  return (
    <>
      <AuthHeading
        title={t('auth.twoFactor.title')}
        heading={t('auth.twoFactor.heading')}
        intro={t(recovery ? 'auth.twoFactor.recoveryIntro' : 'auth.twoFactor.codeIntro')}
      />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <FailureAlert messageKey={failure} />
          <TextInput
            key={recovery ? 'recovery' : 'code'}
            name={recovery ? 'recoveryCode' : 'code'}
            label={t(recovery ? 'auth.twoFactor.recoveryCode' : 'auth.twoFactor.code')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            error={!!fieldError}
            helperText={fieldError ? t(fieldError) : undefined}
            inputProps={
              recovery
                ? { autoCapitalize: 'none', spellCheck: false, autoFocus: true }
                : { inputMode: 'numeric', maxLength: 7, autoFocus: true }
            }
          />
          <SubmitButton busy={busy}>{t('auth.twoFactor.submit')}</SubmitButton>
          <Button variant="text" onClick={switchMode} sx={{ alignSelf: 'center' }}>
            {t(recovery ? 'auth.twoFactor.useCode' : 'auth.twoFactor.useRecovery')}
          </Button>
        </Stack>
      </Box>
      <FormFooter>
        <Button variant="text" size="small" onClick={() => onRestart('')}>
          {t('auth.twoFactor.back')}
        </Button>
      </FormFooter>
    </>
  );
}
