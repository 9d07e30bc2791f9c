import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Escape, the close button, or the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  className?: string;
  /** What has the focus on opening (the main action); by default the browser's first focusable, the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A native modal <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape fires `cancel`, and the browser gives focus back to the opener on close.
 */
export function Modal({ open, title, onClose, children, footer, className, initialFocusRef }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocusRef?.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocusRef]);

  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
