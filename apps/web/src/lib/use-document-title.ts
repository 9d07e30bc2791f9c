import { useEffect } from 'react';

const APP_NAME = 'Prova';

/** Every page names itself in the tab title (WCAG 2.4.2). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
