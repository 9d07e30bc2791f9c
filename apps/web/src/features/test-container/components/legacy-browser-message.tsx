import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '@/locales/it/test-container';

/** A legacy test in a browser that cannot run it. */
export function LegacyBrowserMessage({ roomHref }: { roomHref: string }) {
  const { t } = useTranslation('testContainer');
  return (
    <div className="page page--narrow">
      <div className="callout callout--warning" role="alert">
        <h1>{t('testContainer.legacy.title')}</h1>
        <p>{t('testContainer.legacy.message')}</p>
        <Link to={roomHref}>{t('testContainer.backToRoom')}</Link>
      </div>
    </div>
  );
}
