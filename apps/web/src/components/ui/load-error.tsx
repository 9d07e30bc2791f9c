import { useTranslation } from 'react-i18next';
import { Button } from './button';

export interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  /** The whole page failed: the message is its heading. */
  heading?: boolean;
}

/** Data that could not be loaded, with a button to ask again. */
export function LoadError({ message, onRetry, heading = false }: LoadErrorProps) {
  const { t } = useTranslation();
  const Message = heading ? 'h1' : 'p';
  return (
    <div className="callout callout--error" role="alert">
      <Message>{message}</Message>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
