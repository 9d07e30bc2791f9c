import type { LangCode } from '@prova/contract/limits';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_ALLOW, ACTIVITY_SANDBOX, useActivityFrame } from '@/components/activity/use-activity-frame';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { createPreviewHandlers } from '../utils/preview-handlers';

export interface AuthoredPreview {
  url: string;
  title: string;
  lang: LangCode;
  timeLimitMinutes?: number;
  testId?: number;
}

/** The preview of a written test: the player framed as the candidate's room frames it, with a host that keeps everything in memory. */
export function AuthoredPreviewDialog({ preview, onClose }: { preview: AuthoredPreview | null; onClose: () => void }) {
  const { t } = useTranslation('console');
  return (
    <Modal open={preview !== null} title={t('authored.preview.title')} onClose={onClose} className="authored-preview">
      {preview && <PreviewFrame key={preview.url} preview={preview} onClose={onClose} />}
    </Modal>
  );
}

function PreviewFrame({ preview, onClose }: { preview: AuthoredPreview; onClose: () => void }) {
  const { t } = useTranslation('console');
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const [ended, setEnded] = useState(false);
  const exit = useRef(onClose);
  exit.current = onClose;
  const { handlers } = useMemo(
    () => createPreviewHandlers({ timeLimitMinutes: preview.timeLimitMinutes, exit: () => exit.current() }),
    [preview.timeLimitMinutes],
  );
  const session = { campaignId: 0, testId: preview.testId ?? 0, userId: 0, lang: preview.lang, isAssessor: false };
  const phase = useActivityFrame({ iframeRef, url: preview.url, session, handlers, onComplete: () => setEnded(true) });

  return (
    <div className="authored-preview__body">
      <p className="callout callout--warning">{t('authored.preview.notSaved')}</p>
      {ended ? (
        <div className="authored-preview__ended" role="status">
          <p>{t('authored.preview.ended')}</p>
          <Button onClick={onClose}>{t('authored.preview.close')}</Button>
        </div>
      ) : (
        <div className="authored-preview__stage">
          <iframe
            ref={iframeRef}
            className="authored-preview__frame"
            title={preview.title}
            sandbox={ACTIVITY_SANDBOX}
            allow={ACTIVITY_ALLOW}
            hidden={phase === 'failed'}
          />
          {phase === 'loading' && (
            <div className="authored-preview__overlay">
              <Spinner />
            </div>
          )}
          {phase === 'failed' && (
            <p className="callout callout--error" role="alert">
              {t('authored.preview.loadFailed')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
