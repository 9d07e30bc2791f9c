import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways inside its own named region, never the page (320 px, WCAG 1.4.10).
 * Focusable, so keyboard users can scroll it too.
 */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="console-table-region" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
