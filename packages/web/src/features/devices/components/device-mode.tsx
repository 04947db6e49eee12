import { useTranslation } from 'react-i18next';

const KNOWN = ['single', 'double', 'long', 'off'];

/** The button mode the box reports (buttonmode), in words; another device's own value as it is. */
export function useModeLabel() {
  const { t } = useTranslation();
  return (mode: string | null) =>
    mode === null ? t('devices.mode.unknown') : KNOWN.includes(mode) ? t(`devices.mode.${mode}`) : mode;
}
