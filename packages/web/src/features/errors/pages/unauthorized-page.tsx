import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../components/error-message';

/** Where the role guard sends a signed-in user without the right (/error/401). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <ErrorMessage
      code="401"
      title={t('errorPages.unauthorized.title')}
      heading={t('errorPages.unauthorized.heading')}
      text={t('errorPages.unauthorized.text')}
    />
  );
}
