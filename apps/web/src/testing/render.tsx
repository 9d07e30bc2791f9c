import { cleanup, render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import '@/lib/i18n';

// Without vitest globals Testing Library cannot clean up by itself: each test starts from an empty page.
afterEach(cleanup);

/** Renders a component as the app does: with the interface texts (Italian by default). */
export function renderWithTexts(ui: ReactElement, options?: RenderOptions) {
  return render(ui, options);
}
