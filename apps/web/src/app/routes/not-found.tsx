import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-me';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CampaignRoot } from './app/campaign-root';

/**
 * An address that is no page. Someone signed in stays in their campaign's layout (its header and menu)
 * with the page below as its content; anyone else sees the page on its own.
 */
export function NotFoundRoute() {
  const me = useUser();
  if (me.isPending) return <PageSkeleton />;
  if (me.data) {
    return (
      <CampaignRoot>
        <NotFoundPage signedIn />
      </CampaignRoot>
    );
  }
  return (
    <CenteredLayout>
      <NotFoundPage signedIn={false} />
    </CenteredLayout>
  );
}

/** 'Not found...' with the way back (and, signed in, where the work is). */
export function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  useDocumentTitle(t('common.notFoundTitle'));
  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby={titleId}>
        <h1 id={titleId}>{t('common.notFound')}</h1>
        {signedIn && <p>{t('common.notFoundHint')}</p>}
        <p>
          <Link to={paths.home.getHref()}>{t('common.backHome')}</Link>
        </p>
      </section>
    </div>
  );
}
