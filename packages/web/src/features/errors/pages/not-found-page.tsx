import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../components/error-message';

/** 404: an unknown route (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorMessage
      code="404"
      title={t('errorPages.notFound.title')}
      caption={t('errorPages.notFound.title')}
      heading={t('errorPages.notFound.heading')}
      text={t('errorPages.notFound.text')}
    />
  );
}
