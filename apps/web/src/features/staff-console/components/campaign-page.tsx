import type { ProgressRow } from '@prova/contract/staff-campaigns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useStaffCampaign } from '../api/get-staff-campaign';
import { errorCode } from '../api/server-errors';
import { CampaignAssessments } from './campaign-assessments';
import { CampaignCounts, CampaignDates } from './campaign-facts';
import { CampaignRetention } from './campaign-retention';
import { AgreementSection } from './agreement-section';
import { ExportSection } from './export-section';
import { InviteSection } from './invite-section';
import { ProgressSection } from './progress-section';
import { ResetDialog } from './reset-dialog';
import { ResponsesDialog, type ResponsesTarget } from './responses-dialog';
import { fullName } from './labels';

/** One campaign: its live progress, its invitations and its exports. */
export function CampaignPage({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('console');
  const campaign = useStaffCampaign(campaignId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [resetting, setResetting] = useState<ProgressRow | null>(null);
  const [reading, setReading] = useState<ResponsesTarget | null>(null);

  function select(userIds: number[], checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of userIds) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  if (campaign.isPending) return <PageSkeleton />;
  if (campaign.isError && !campaign.data) {
    return (
      <div className="console-page">
        {errorCode(campaign.error) === 'NOT_FOUND' ? (
          <>
            <h1>{t('campaign.notFound')}</h1>
            <p>
              <Link to={paths.console.campaigns.getHref()}>{t('campaign.back')}</Link>
            </p>
          </>
        ) : (
          <LoadError message={t('campaign.loadError')} onRetry={() => void campaign.refetch()} heading />
        )}
      </div>
    );
  }

  const { campaign: info, tests } = campaign.data;
  return (
    <div className="console-page">
      <p className="console-back">
        <Link to={paths.console.campaigns.getHref()}>{t('campaign.back')}</Link>
      </p>
      <h1>{info.name}</h1>
      <CampaignDates campaign={info} />
      <CampaignCounts campaign={info} explained />
      {tests.some((test) => test.packageKind === 'qti') && (
        <ul className="console-links">
          {tests
            .filter((test) => test.packageKind === 'qti')
            .map((test) => (
              <li key={test.id}>
                <Link to={paths.console.testAnalysis.getHref(test.id, [campaignId])}>{t('analysis.open', { title: test.name })}</Link>
              </li>
            ))}
        </ul>
      )}

      <div className="console-columns">
        <InviteSection campaign={info} selectedIds={[...selected]} onClearSelection={() => setSelected(new Set())} />
        <ExportSection campaignId={campaignId} />
      </div>

      <ProgressSection
        campaignId={campaignId}
        selected={selected}
        onSelect={select}
        onReset={setResetting}
        onResponses={(row, test) => setReading({ userId: row.user.id, name: fullName(row.user), testId: test.id, testName: test.name })}
      />
      {tests.some((test) => test.assessorTest || test.packageKind === 'qti') && <CampaignAssessments campaign={info} />}
      {info.is360 && <AgreementSection campaignId={campaignId} />}
      <CampaignRetention key={info.id} campaign={info} />
      <ResponsesDialog campaignId={campaignId} target={reading} onClose={() => setReading(null)} />
      <ResetDialog campaignId={campaignId} row={resetting} tests={tests} onClose={() => setResetting(null)} />
    </div>
  );
}
