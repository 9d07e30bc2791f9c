import { LANGS, type LangCode } from '@prova/contract/limits';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthoredTests } from '../api/get-authored-tests';
import { useStaffCampaigns } from '../api/get-staff-campaigns';
import { DateTime } from './date-time';
import { useCodeLabels } from './labels';

/** The company's tests written in the console: each leads to its form; "Nuovo test" to an empty one. */
export function AuthoredTestsPage() {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const tests = useAuthoredTests();
  const campaigns = useStaffCampaigns();
  const campaignName = (id: number) => campaigns.data?.find((c) => c.id === id)?.name ?? `#${id}`;

  return (
    <div className="console-page">
      <div className="console-page__header">
        <h1>{t('authored.list.title')}</h1>
        <Link to={paths.console.newTest.getHref()} className="button button--primary">
          {t('authored.list.new')}
        </Link>
      </div>
      <p className="console-note">{t('authored.list.intro')}</p>
      {tests.isPending ? (
        <PageSkeleton />
      ) : tests.isError ? (
        <LoadError message={t('authored.list.loadError')} onRetry={() => void tests.refetch()} />
      ) : tests.data.length === 0 ? (
        <p className="console-empty">{t('authored.list.empty')}</p>
      ) : (
        <ul className="console-campaigns">
          {tests.data.map((test) => (
            <li key={test.id} className="console-campaign authored-test-summary">
              <h2 className="console-campaign__name">
                <Link to={paths.console.test.getHref(test.id)}>{test.title}</Link>
              </h2>
              <dl className="console-facts">
                <div>
                  <dt>{t('authored.list.languages')}</dt>
                  <dd>{test.languages.map((lang) => (isLang(lang) ? labels.lang(lang) : lang)).join(', ')}</dd>
                </div>
                <div>
                  <dt>{t('authored.list.items')}</dt>
                  <dd>{test.items}</dd>
                </div>
                <div>
                  <dt>{t('authored.list.campaigns')}</dt>
                  <dd>{test.campaignIds.length === 0 ? t('authored.list.noCampaigns') : test.campaignIds.map(campaignName).join(', ')}</dd>
                </div>
                <div>
                  <dt>{t('authored.list.state')}</dt>
                  <dd>{test.started ? t('authored.list.started') : t('authored.list.notStarted')}</dd>
                </div>
                <div>
                  <dt>{t('authored.list.updated')}</dt>
                  <dd>
                    <DateTime value={test.updatedAt} />
                  </dd>
                </div>
              </dl>
              {test.started && (
                <p>
                  <Link to={paths.console.testAnalysis.getHref(test.id)}>{t('analysis.open', { title: test.title })}</Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const isLang = (lang: string): lang is LangCode => (LANGS as readonly string[]).includes(lang);
