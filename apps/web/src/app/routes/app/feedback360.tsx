import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { FeedbackDashboard } from '@/features/feedback360/components/feedback-dashboard';
import { Questionnaire } from '@/features/feedback360/components/questionnaire';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCampaignContext } from './campaign-root';
import '@/locales/it/feedback360';

/** /skillup-360: the people to evaluate; only in a 360 campaign. */
export function Feedback360Route() {
  const { t } = useTranslation('feedback360');
  const { user, campaign } = useCampaignContext();
  useDocumentTitle(t('feedback360.pageTitle'));
  if (!campaign.is360) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <div className="page">
      {!campaign.acceptsAnswers && <CampaignClosedNote />}
      <FeedbackDashboard user={user} campaign={campaign} />
    </div>
  );
}

/** /skillup-360/:evaluee: the questionnaire; a missing evaluee or campaign goes back to the dashboard. */
export function Evaluation360Route() {
  const { t } = useTranslation('feedback360');
  const { user, campaign } = useCampaignContext();
  const evaluee = Number(useParams().evaluee);
  useDocumentTitle(t('feedback360.pageTitle'));
  if (!campaign.is360 || !Number.isInteger(evaluee) || evaluee <= 0) return <Navigate to={paths.app.skillup360.getHref()} replace />;
  // A campaign that is over takes no more answers: its evaluations are final, and the page says so instead of
  // offering answers that would not be kept.
  if (!campaign.acceptsAnswers) {
    return (
      <div className="page page--narrow">
        <CampaignClosedNote />
        <Link to={paths.app.skillup360.getHref()}>{t('feedback360.backToList')}</Link>
      </div>
    );
  }
  return (
    <div className="page">
      <Questionnaire key={evaluee} user={user} campaign={campaign} evaluee={evaluee} />
    </div>
  );
}

function CampaignClosedNote() {
  const { t } = useTranslation('feedback360');
  return (
    <p className="callout" role="status">
      {t('feedback360.campaignClosed')}
    </p>
  );
}
