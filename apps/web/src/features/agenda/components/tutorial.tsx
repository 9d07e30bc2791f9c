import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { GenderOptions } from '@/lib/gender';
import '@/locales/it/agenda';

const TUTORIAL_STEPS = ['INTRO', 'VIDEO', 'TUTORIAL', 'FINAL'] as const;

const VIDEO_STEP = TUTORIAL_STEPS.indexOf('VIDEO');

/**
 * The agenda's tutorial, step by step, with the campaign's video in its second step; a campaign without a video
 * skips that step rather than point to a video that is not there, and so does one whose video fails to load (a
 * broken address, a file that is not a video): the video is loaded as the tutorial opens, hidden until its step, so
 * that the steps counted are the ones shown; failing on its step, the tutorial goes on to the next.
 */
export function Tutorial({ open, video, gender, onDone }: { open: boolean; video: string; gender: GenderOptions; onDone: () => void }) {
  const { t } = useTranslation('agenda');

  const [step, setStep] = useState(0);
  const [failedVideo, setFailedVideo] = useState<string>();
  const playable = video !== '' && failedVideo !== video;
  const steps = playable ? TUTORIAL_STEPS : TUTORIAL_STEPS.filter((s) => s !== 'VIDEO');
  const videoFailed = () => {
    setFailedVideo(video);
    // Past the video's step, the same step stays in view; on it, the next one takes its place.
    setStep((current) => (current > VIDEO_STEP ? current - 1 : current));
  };
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
      {playable && (
        <video
          className="agenda__video"
          src={video}
          preload="metadata"
          controls
          hidden={name !== 'VIDEO'}
          aria-label={t('agenda.videoLabel')}
          onError={videoFailed}
        />
      )}
    </Modal>
  );
}
