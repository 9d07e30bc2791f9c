import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { GenderOptions } from '@/lib/gender';
import '@/locales/it/agenda';

const TUTORIAL_STEPS = ['INTRO', 'VIDEO', 'TUTORIAL', 'FINAL'] as const;

/**
 * The agenda's tutorial, step by step, with the campaign's video in its second step; a campaign without a video
 * skips that step rather than point to a video that is not there.
 */
export function Tutorial({ open, video, gender, onDone }: { open: boolean; video: string; gender: GenderOptions; onDone: () => void }) {
  const { t } = useTranslation('agenda');

  const [step, setStep] = useState(0);
  const steps = video ? TUTORIAL_STEPS : TUTORIAL_STEPS.filter((s) => s !== 'VIDEO');
  const name = steps[step];
  const last = step === steps.length - 1;
  const finish = () => {
    setStep(0);
    onDone();
  };
  return (
    <Modal
      open={open}
      title={t('agenda.tutorialTitle', gender)}
      onClose={finish}
      footer={<Button onClick={() => (last ? finish() : setStep(step + 1))}>{last ? t('agenda.begin') : t('agenda.next')}</Button>}
    >
      <p className="agenda__step">{t('agenda.stepOf', { n: step + 1, total: steps.length })}</p>
      <p>{t(`agenda.tutorialSteps.${name}`)}</p>
      {name === 'VIDEO' && <video className="agenda__video" src={video} controls aria-label={t('agenda.videoLabel')} />}
    </Modal>
  );
}
