import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '@/components/ui/icons';
import { LockedMessage } from './start-rule-message';
import '@/locales/it/room';

/**
 * A locked test's padlock: a button that opens a small panel naming the
 * prerequisite tests still to finish. Disclosure pattern: aria-expanded on the button, the panel a
 * labelled region. Escape, a click outside or moving focus away closes it.
 */
export function LockedPopover({ testName, prerequisites }: { testName: string; prerequisites: string[] }) {
  const { t } = useTranslation('room');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  return (
    <div
      className="locked-popover"
      ref={wrapper}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="locked-popover__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('room.locked.toggle', { name: testName })}
        title={t('room.locked.title')}
        onClick={() => setOpen((value) => !value)}
      >
        <LockIcon />
      </button>
      <div
        id={panelId}
        role="region"
        aria-label={t('room.locked.regionLabel', { name: testName })}
        className="locked-popover__panel"
        hidden={!open}
      >
        <LockedMessage prerequisites={prerequisites} />
      </div>
    </div>
  );
}
