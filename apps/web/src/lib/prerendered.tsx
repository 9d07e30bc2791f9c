import { useLayoutEffect, type ReactNode } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;

function isTextField(node: EventTarget | null | undefined): node is TextField {
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement;
}

/** Where an element is under the container: its id if it has one, else the indexes of the elements leading to it. */
type Place = { id: string } | { path: number[] };

function placeOf(container: Element, element: Element): Place {
  if (element.id) return { id: element.id };
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== container; node = node.parentElement) {
    path.unshift(node.parentElement ? Array.prototype.indexOf.call(node.parentElement.children, node) : -1);
  }
  return { path };
}

function elementAt(container: Element, place: Place): Element | null {
  if ('id' in place) return container.querySelector(`#${CSS.escape(place.id)}`);
  let node: Element | undefined = container;
  for (const index of place.path) node = node?.children[index];
  return node ?? null;
}

/** As if typed: React's onChange (and so react-hook-form) sees the new value. */
function typeInto(field: TextField, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Some pages come already rendered (/login: dist/login.html, apps/web/scripts/prerender-login.mjs), and a person may
 * type into their fields, or move the focus, before the app has taken them over. The app takes them over by hydration
 * (the same elements; or, if its render differs, its own elements in their place), and react-hook-form then sets each
 * field to its default value. So what is typed is noted from now on, and put back (as if typed, so that the form
 * knows it) once the app has committed, before the browser paints; the focus too, if the element it was on is gone.
 */
export function keepWhatIsTyped(container: Element) {
  const typed = new Map<Element, { place: Place; type: string; value: string }>();
  const note = (target: EventTarget | null) => {
    if (!isTextField(target) || target.type === 'hidden' || !container.contains(target)) return;
    typed.set(target, { place: placeOf(container, target), type: target.type, value: target.value });
  };
  container.querySelectorAll('input, textarea').forEach(note);
  const onInput = (event: Event) => note(event.target);
  container.addEventListener('input', onInput, true);
  let focused: Place | null = null;
  const noteFocus = () => {
    const active = document.activeElement;
    if (active && active !== container && container.contains(active)) focused = placeOf(container, active);
  };
  noteFocus();
  container.addEventListener('focusin', noteFocus, true);

  return function restore() {
    container.removeEventListener('input', onInput, true);
    container.removeEventListener('focusin', noteFocus, true);
    for (const [old, { place, type, value }] of typed) {
      const field = old.isConnected ? old : elementAt(container, place);
      if (isTextField(field) && field.type === type && field.value !== value) typeInto(field, value);
    }
    const target = focused && elementAt(container, focused);
    if (target instanceof HTMLElement && !container.contains(document.activeElement)) target.focus({ preventScroll: true });
  };
}

/** Runs `onCommit` once the app's first render is in the page, before it is painted. */
export function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}
