import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dosedot/domain/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { TextInput } from '../../../components/text-input';
import { ApiError, failureKey } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { notify } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { FailureText } from './failure-text';

type Field = 'currentPassword' | 'password' | 'passwordConfirmation';
const EMPTY: Record<Field, string> = { currentPassword: '', password: '', passwordConfirmation: '' };

/**
 * A new password with the current one (POST /api/auth/change-password). Every other sign-in of the
 * account ends; this one goes on with the fresh token the server answers.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = 'validation.required';
    if (values.password.length < PASSWORD_MIN_LENGTH) found.password = 'validation.passwordMin';
    else if (values.password === values.currentPassword) found.password = 'security.password.same';
    if (values.passwordConfirmation !== values.password)
      found.passwordConfirmation = 'validation.passwordsMatch';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync(values);
      setValues(EMPTY);
      notify.success(t('security.password.changed'));
    } catch (error) {
      if (error instanceof ApiError && error.fieldMessage('currentPassword') !== undefined)
        return setErrors({ currentPassword: 'security.errors.wrongPassword' });
      const named = serverFieldErrors(error, {
        currentPassword: 'currentPassword',
        password: 'password',
        passwordConfirmation: 'passwordConfirmation',
      } as const);
      if (named.length > 0) setErrors(Object.fromEntries(named.map(({ field, key }) => [field, key])));
      else setFailure(failureKey(error));
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      name={name}
      type="password"
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      autoComplete={autoComplete}
      error={!!errors[name]}
      helperText={
        errors[name] ? t(errors[name], { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) : undefined
      }
      fullWidth
    />
  );

  return (
    <ContentCard title={t('security.password.title')}>
      <Typography sx={{ mb: 2.5 }}>{t('security.password.intro')}</Typography>
      <Stack spacing={2.5} component="form" noValidate onSubmit={submit} sx={{ maxWidth: 420 }}>
        <FailureText messageKey={failure} />
        {field('currentPassword', t('security.password.current'), 'current-password')}
        {field('password', t('security.password.new'), 'new-password')}
        {field('passwordConfirmation', t('security.password.confirm'), 'new-password')}
        <Box>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {t('security.password.submit')}
          </Button>
        </Box>
      </Stack>
    </ContentCard>
  );
}
