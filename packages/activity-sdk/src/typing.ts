// Whether a change is being typed: the focus is in a text field of the activity's page, followed through shadow
// roots (the QTI player's interactions keep their fields there). setData then tells the host so (since 1.1.0), and
// the platform coalesces those saves; a choice, a drag or a page turned is sent at once.

/** The little of a DOM element this reads (so node tests need no DOM). */
export interface FocusLike {
  readonly tagName?: string;
  readonly type?: string;
  readonly readOnly?: boolean;
  readonly disabled?: boolean;
  readonly isContentEditable?: boolean;
  readonly shadowRoot?: { readonly activeElement: FocusLike | null } | null;
}

/** The input types a person types text into (the rest are choices, dates picked, ranges, buttons). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

export function isTyping(document: { readonly activeElement?: FocusLike | null } | undefined): boolean {
  let active = document?.activeElement ?? null;
  for (let depth = 0; active?.shadowRoot?.activeElement && depth < 32; depth++) active = active.shadowRoot.activeElement;
  if (!active || active.disabled || active.readOnly) return false;
  if (active.isContentEditable) return true;
  const tag = active.tagName?.toUpperCase();
  if (tag === 'TEXTAREA') return true;
  return tag === 'INPUT' && TEXT_TYPES.has((active.type ?? 'text').toLowerCase());
}
