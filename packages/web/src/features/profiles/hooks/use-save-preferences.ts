import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/locale';
import { useSession } from '../../../lib/session-store';
import type { ThemeMode } from '../../../lib/settings-store';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

/*
 * The browser's language and theme choices are kept in the profile too while signed in, so the
 * next login opens with them (decision 0003). One mutation each: a quick change of the other
 * preference does not swallow this one's failure message.
 */

/** Keeps the chosen language in the profile (nothing when signed out). */
export function useSaveLanguage(): (language: Language) => void {
  const signedIn = useSession((s) => !!s.token);
  const { mutate } = useUpdateProfile();
  return (language) => {
    if (signedIn) mutate({ language });
  };
}

/** Keeps light or dark mode in the profile (nothing when signed out); a failure is told. */
export function useSaveThemeMode(): (mode: ThemeMode) => void {
  const { t } = useTranslation();
  const signedIn = useSession((s) => !!s.token);
  const { mutate } = useUpdateProfile();
  return (mode) => {
    if (!signedIn) return;
    mutate({ is_dark: mode === 'dark' }, { onError: () => notify.error(t('settings.saveFailed')) });
  };
}
