import { useTranslation } from 'react-i18next';
import { messageText } from '../utils/messages';

/** The translated text of a form error from the shared health schemas (or the server's 400 answer). */
export function useHealthErrorText() {
  const { t } = useTranslation();
  return (error?: { message?: string }): string | undefined => {
    if (!error?.message) return undefined;
    const { key, values } = messageText(error.message);
    return t(key, values);
  };
}
