import type { RatingList, RatingPerson } from '@prova/contract/item-ratings';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CompleteIcon, IncompleteIcon, NotAttemptedIcon } from '@/components/ui/icons';
import { RatingDialog, type RatingTarget } from './rating-dialog';
import '@/locales/it/assessor';

const STATE_KEY = { waiting: 'waiting', 'to rate': 'toRate', rated: 'rated' } as const;
const STATE_ICON = { waiting: NotAttemptedIcon, 'to rate': IncompleteIcon, rated: CompleteIcon } as const;

/**
 * The assessor's answers to rate: each QTI test with items an assessor rates, the people assigned in it and how far
 * the assessor is with each; one button per person opens their answers.
 */
export function RatingsSection({ campaignId, tests }: { campaignId: number; tests: RatingList['tests'] }) {
  const [target, setTarget] = useState<RatingTarget | null>(null);
  return (
    <>
      {tests.map((test) => (
        <RatingTestSection
          key={test.testId}
          test={test}
          onOpen={(person) =>
            setTarget({
              testId: test.testId,
              testName: test.name,
              userId: person.id,
              name: `${person.firstName} ${person.lastName}`.trim(),
            })
          }
        />
      ))}
      <RatingDialog campaignId={campaignId} target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function RatingTestSection({ test, onOpen }: { test: RatingList['tests'][number]; onOpen: (person: RatingPerson) => void }) {
  const { t } = useTranslation('assessor');
  const headingId = useId();
  return (
    <section className="assessor-test" aria-labelledby={headingId}>
      <h2 id={headingId} className="assessor-test__name">
        {test.name}
      </h2>
      <p className="assessor-test__criteria">{t('rating.intro')}</p>
      <ul className="assessor-test__people">
        {test.people.map((person) => {
          const name = `${person.firstName} ${person.lastName}`.trim();
          const Icon = STATE_ICON[person.state];
          const action = t(person.state === 'rated' ? 'rating.actions.review' : 'rating.actions.rate');
          return (
            <li key={person.id} className={`assessor-person assessor-person--${STATE_KEY[person.state]}`}>
              <span className="assessor-person__name">{name}</span>
              <span className="assessor-person__state">
                <Icon />
                <span>
                  {t(`rating.states.${STATE_KEY[person.state]}`)}
                  {person.state !== 'waiting' && (
                    <span className="assessor-person__progress">
                      {' '}
                      · {t('rating.progress', { rated: person.rated, total: person.total })}
                    </span>
                  )}
                </span>
              </span>
              <Button
                variant={person.state === 'to rate' ? 'primary' : 'secondary'}
                onClick={() => onOpen(person)}
                aria-label={t('assessor.actionFor', { action, name })}
              >
                {action}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
