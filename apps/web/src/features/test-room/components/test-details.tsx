import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { UserTest } from '@prova/contract/tests';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { missingPrerequisiteNames, startStateOf, testColor, testImageUrl } from '../rules/test-rules';
import { HtmlText } from '@/components/ui/html-text';
import { StartRuleMessage } from './start-rule-message';
import { useStatusLabel } from './status-icon';
import { TestAvatar } from './test-avatar';
import { TimeLeft } from './time-left';
import '@/locales/it/room';

/**
 * The hovered or focused test, in place of the dashboard (test room desktop):
 * image, colour, avatar, name, description and the start button 'Inizia'.
 */
export function TestDetails({
  test,
  tests,
  user,
  campaign,
  onStart,
}: {
  test: UserTest;
  tests: UserTest[];
  user: User;
  campaign: Pick<Campaign, 'acceptsAnswers'>;
  onStart: (testId: number) => void;
}) {
  const { t } = useTranslation('room');
  const titleId = useId();
  const statusLabel = useStatusLabel();
  const state = startStateOf(test, user, campaign);
  const image = testImageUrl(test);
  const [imageFailed, setImageFailed] = useState<string | undefined>(undefined);

  return (
    <section className="test-details" aria-labelledby={titleId} style={{ ['--test-color' as string]: testColor(test) }}>
      {image && imageFailed !== image ? (
        <img className="test-details__image" src={image} alt="" onError={() => setImageFailed(image)} />
      ) : (
        <div className="test-details__band" aria-hidden="true" />
      )}
      <div className="test-details__body">
        <div className="test-details__heading">
          <TestAvatar test={test} size="large" />
          <div>
            <h2 id={titleId} className="test-details__name">
              {test.name}
            </h2>
            <p className="test-details__status">{statusLabel(test.status)}</p>
            <TimeLeft test={test} className="test-details__time-left" />
          </div>
        </div>
        <HtmlText html={test.description} className="test-details__description" />
        {state === 'startable' ? (
          <Button onClick={() => onStart(test.id)} aria-describedby={titleId}>
            {t('room.start')}
          </Button>
        ) : (
          <StartRuleMessage state={state} prerequisites={missingPrerequisiteNames(test, tests)} />
        )}
      </div>
    </section>
  );
}
