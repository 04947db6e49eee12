import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dosedot/domain/constants';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrengthJudge, type Strength, type StrengthJudge } from '../utils/password-strength';

const SEGMENTS = 4;

/** What the meter shows: filled segments, their colour and the text's catalog key. */
export function strengthView(strength: Strength): { filled: number; color: string; key: string } {
  if (strength.kind === 'refused') {
    const key = {
      too_small: 'auth.strength.tooShort',
      too_big: 'validation.passwordMax',
      password_personal: 'auth.strength.personal',
      password_common: 'auth.strength.common',
    }[strength.problem];
    return { filled: 1, color: 'error.main', key };
  }
  const { score } = strength;
  if (score <= 1) return { filled: 1, color: 'warning.main', key: 'auth.strength.weak' };
  if (score === 2) return { filled: 2, color: 'warning.main', key: 'auth.strength.fair' };
  if (score === 3) return { filled: 3, color: 'success.main', key: 'auth.strength.good' };
  return { filled: 4, color: 'success.main', key: 'auth.strength.strong' };
}

/**
 * The strength meter under a new password (sign-up and reset): the server's rules first (too short,
 * the name or e-mail inside, a common password), then zxcvbn's score as advice. zxcvbn-ts loads when
 * the field is first typed in. Made of spans, so it can sit in the field's help text and be read
 * with it.
 */
export function PasswordStrength({
  password,
  person,
}: {
  password: string;
  person: { email?: string; name?: string };
}) {
  const { t } = useTranslation();
  const [judge, setJudge] = useState<StrengthJudge | null>(null);
  const used = password.length > 0;

  useEffect(() => {
    if (!used || judge) return;
    let live = true;
    loadStrengthJudge()
      .then((j) => {
        if (live) setJudge(() => j);
      })
      // Without the meter the form still works; the server checks the rules.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [used, judge]);

  // Always drawn, empty until the first keystroke: the form below never moves when it fills in.
  const view = used && judge ? strengthView(judge.judge(password, person)) : undefined;
  return (
    <Box component="span" sx={{ display: 'block', mt: 1 }}>
      <Box component="span" sx={{ display: 'flex', gap: 0.5 }} aria-hidden="true">
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <Box
            component="span"
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are fixed positions
            key={i}
            sx={{
              flex: 1,
              height: 6,
              borderRadius: 3,
              bgcolor: view && i < view.filled ? view.color : 'action.selected',
              transition: 'background-color 150ms',
            }}
          />
        ))}
      </Box>
      <Box
        component="span"
        aria-live="polite"
        data-testid="password-strength"
        sx={{
          display: 'block',
          mt: 0.5,
          minHeight: '1.66em',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          color: 'text.secondary',
        }}
      >
        {view ? (
          <>
            {t('auth.strength.label')}{' '}
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {t(view.key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
            </Box>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
