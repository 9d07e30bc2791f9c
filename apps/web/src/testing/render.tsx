import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import '@/lib/i18n';

/** Renders a component as the app does: with the interface texts (Italian by default). */
export function renderWithTexts(ui: ReactElement, options?: RenderOptions) {
  return render(ui, options);
}
