import { useTranslation } from 'react-i18next';
import { TestRoom } from '@/features/test-room/components/test-room';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCampaignContext } from './campaign-root';
import '@/locales/it/room';

/** /tests: the test list. Phones show only the list; wider screens the whole room. */
export function TestsRoute() {
  const { t } = useTranslation('room');
  const { user, campaign } = useCampaignContext();
  useDocumentTitle(t('room.listTitle'));
  return (
    <div className="page">
      <TestRoom user={user} campaign={campaign} mobileView="list" />
    </div>
  );
}
