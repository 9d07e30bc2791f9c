import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentTestId } from '@/lib/current-test';
import { genderOf } from '@/lib/gender';
import { roomHrefFor } from '@/lib/room-path';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isLegacyUnsupportedBrowser, useUserTests } from '@/lib/user-tests';
import { getSamples } from '../api/get-samples';
import { hasValidTrackingIds } from '../utils/test-texts';
import { ActivityFrame } from './activity-frame';
import { LegacyBrowserMessage } from './legacy-browser-message';
import './test-container.css';
import '@/locales/it/test-container';
import '@/locales/it/assessor';

export interface TestContainerProps {
  campaign: Campaign;
  user: User;
}

/** The path of a url on the app's own origin, or null for an activity's. */
function appPathOf(url: string): string | null {
  const parsed = new URL(url, window.location.href);
  return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
}

/**
 * /test: the current test in an iframe. Without a current test,
 * or without valid tracking ids, back to /.
 */
export function TestContainer({ campaign, user }: TestContainerProps) {
  const { t } = useTranslation(['testContainer', 'assessor']);
  const location = useLocation();
  const testId = useCurrentTestId();
  const valid = hasValidTrackingIds(campaign.id, testId, user.id);
  const tests = useUserTests(campaign.id, { refetchOnMount: true });
  // Each "Continua qui" opens the test anew in a new frame: its opening claims it and reads the server's latest state.
  const [opening, setOpening] = useState(0);
  const test = tests.data?.find((item) => item.id === testId);
  useDocumentTitle(test?.name ?? campaign.name);
  // An assessor's grid starts from the people assigned in it: loaded before the test.
  const grading = Boolean(test?.assessorTest && user.isAssessor);
  const samples = useQuery({
    queryKey: ['samples', campaign.id, testId],
    queryFn: () => getSamples(campaign.id, testId!),
    enabled: grading && testId !== null,
  });

  if (!valid || testId === null) return <Navigate to={paths.home.getHref()} replace />;
  if (tests.isPending) return <PageSkeleton />;
  if (tests.isError) {
    return (
      <div className="page page--narrow">
        <LoadError message={t('testContainer.loadFailed')} onRetry={() => void tests.refetch()} heading />
      </div>
    );
  }
  if (!test) return <Navigate to={paths.home.getHref()} replace />;
  // A test that points at a page of the app is that page, never the app framed inside itself.
  const own = appPathOf(test.url);
  if (own !== null) return <Navigate to={own} replace />;
  if (test.legacy && isLegacyUnsupportedBrowser()) return <LegacyBrowserMessage roomHref={roomHrefFor(location.pathname)} />;
  if (grading && samples.isPending) return <PageSkeleton />;
  if (grading && samples.isError) {
    return (
      <div className="page page--narrow">
        <LoadError message={t('testContainer.loadFailed')} onRetry={() => void samples.refetch()} heading />
      </div>
    );
  }
  if (grading && samples.data?.length === 0) {
    return (
      <div className="page page--narrow">
        <p className="callout" role="status">
          {t('assessor:assessor.noSamples')}
        </p>
        <Link to={paths.home.getHref()}>{t('assessor:assessor.backHome')}</Link>
      </div>
    );
  }

  return (
    <ActivityFrame
      key={`${test.id}:${opening}`}
      test={test}
      onTakeOver={() => setOpening((n) => n + 1)}
      gender={genderOf(user)}
      session={{ campaignId: campaign.id, testId: test.id, userId: user.id, lang: campaign.lang, isAssessor: user.isAssessor }}
    />
  );
}
