import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<page> · DoseDot Web" (default "DoseDot Web"). */
export function usePageTitle(page?: string) {
  const { t } = useTranslation();
  const suffix = t('app.titleSuffix');
  useEffect(() => {
    document.title = page ? `${page} · ${suffix}` : suffix;
  }, [page, suffix]);
}
