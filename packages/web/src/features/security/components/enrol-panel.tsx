import type { TwoFactorSetup } from '@dosedot/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import { ApiError, failureKey } from '../../../lib/api-client';
import { useConfirmSetup } from '../api/confirm-setup';
import { FailureText } from './failure-text';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up: the QR code of the otpauth:// URI (and the key to type by hand), then the first
 * code from the app, which turns two-step sign-in on and answers the recovery codes.
 */
export function EnrolPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmSetup();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setFieldError('security.errors.codeFormat');
    setFieldError(null);
    try {
      onEnabled(await confirm.mutateAsync(typed));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setFieldError('security.errors.wrongCode');
      else setFailure(failureKey(error));
    }
  };

  return (
    <Stack spacing={2.5} component="form" noValidate onSubmit={submit}>
      <Typography>{t('security.enrol.scan')}</Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box
          sx={{
            p: 1.5,
            bgcolor: '#ffffff',
            borderRadius: 2,
            lineHeight: 0,
            border: 1,
            borderColor: 'divider',
          }}
        >
          <QRCodeSVG
            value={setup.otpauthUri}
            size={184}
            level="M"
            role="img"
            aria-label={t('security.enrol.qrLabel')}
            data-otpauth={setup.otpauthUri}
          />
        </Box>
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography variant="body2" color="text.secondary">
            {t('security.enrol.manual')}
          </Typography>
          <Typography
            data-testid="totp-secret"
            sx={{
              fontFamily: 'monospace',
              fontSize: '1.0625rem',
              fontWeight: 500,
              wordBreak: 'break-all',
              mt: 0.5,
            }}
          >
            {grouped(setup.secret)}
          </Typography>
        </Box>
      </Box>
      <Typography>{t('security.enrol.enterCode')}</Typography>
      <FailureText messageKey={failure} />
      <Box sx={{ maxWidth: 280 }}>
        <TextInput
          label={t('security.enrol.code')}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          error={!!fieldError}
          helperText={fieldError ? t(fieldError) : undefined}
          inputProps={{ inputMode: 'numeric', maxLength: 7 }}
          fullWidth
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={confirm.isPending}>
          {t('security.enrol.confirm')}
        </Button>
        <Button onClick={onCancel}>{t('security.cancel')}</Button>
      </Box>
    </Stack>
  );
}
