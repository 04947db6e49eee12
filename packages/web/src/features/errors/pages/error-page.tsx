import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../components/error-message';

/** Any other error (spec section 2). */
export function GenericErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorMessage
      code="500"
      title={t('errorPages.generic.title')}
      heading={t('errorPages.generic.heading')}
      text={t('errorPages.generic.text')}
    />
  );
}
