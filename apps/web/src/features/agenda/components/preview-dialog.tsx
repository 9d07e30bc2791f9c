import type { UserTest } from '@prova/contract/tests';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HtmlText } from '@/components/ui/html-text';
import { Modal } from '@/components/ui/modal';
import '@/locales/it/agenda';

/** A test's preview message (its theme's e-mail or chat), shown before the test starts. */
export interface Preview {
  type?: string;
  sender?: string;
  time?: string;
  subject?: string;
  content?: string;
  messages?: Array<{ from?: string; text?: string }>;
}

export function PreviewDialog({
  test,
  preview,
  onClose,
  onStart,
}: {
  test: UserTest | null;
  preview: Preview | null;
  onClose: () => void;
  onStart: (test: UserTest) => void;
}) {
  const { t } = useTranslation('agenda');
  return (
    <Modal
      open={test !== null}
      title={preview?.subject || t('agenda.previewTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('agenda.previewClose')}
          </Button>
          {test && <Button onClick={() => onStart(test)}>{t('agenda.previewStart')}</Button>}
        </>
      }
    >
      {preview && (
        <div className={`agenda-preview agenda-preview--${preview.type === 'chat' ? 'chat' : 'email'}`}>
          <p className="agenda-preview__meta">
            {preview.sender && t('agenda.previewFrom', { sender: preview.sender })}
            {preview.time && ` · ${t('agenda.previewAt', { time: preview.time })}`}
          </p>
          {preview.type === 'chat' ? (
            <ul className="agenda-preview__chat">
              {(preview.messages ?? []).map((message, i) => (
                <li key={i}>
                  <strong>{message.from}</strong> {message.text}
                </li>
              ))}
            </ul>
          ) : (
            <HtmlText html={preview.content ?? ''} />
          )}
        </div>
      )}
    </Modal>
  );
}
