import { useTranslation } from 'react-i18next';
import type { StartState } from '../rules/test-rules';
import '@/locales/it/room';

/**
 * Why a test cannot be started, or nothing when it can.
 * `prerequisites` are the names of the tests still to finish, for a locked test.
 */
export function StartRuleMessage({ state, prerequisites }: { state: StartState; prerequisites: string[] }) {
  const { t } = useTranslation('room');
  switch (state) {
    case 'startable':
      return null;
    case 'complete':
      return <p className="room-note room-note--complete">{t('room.completeNote')}</p>;
    case 'closed':
      return <p className="room-note">{t('room.campaignClosed')}</p>;
    case 'locked':
      return <LockedMessage prerequisites={prerequisites} />;
    case 'exhausted':
      return <p className="room-note">{t('room.attemptsExhausted')}</p>;
    case 'legacy':
      return (
        <div className="callout callout--warning room-note">
          <p className="room-note__title">{t('room.legacy.title')}</p>
          <p>{t('room.legacy.message')}</p>
        </div>
      );
    case 'unavailable':
      return <p className="room-note">{t('room.unavailable')}</p>;
  }
}

/** "To unlock this activity, first complete: …" with the prerequisites as a list. */
export function LockedMessage({ prerequisites }: { prerequisites: string[] }) {
  const { t } = useTranslation('room');
  return (
    <div className="room-note room-note--locked">
      <p className="room-note__title">{t('room.locked.message')}</p>
      <ul className="room-note__list">
        {prerequisites.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <p>{t('room.locked.hint', { count: prerequisites.length })}</p>
    </div>
  );
}
