/**
 * What someone typed into the prerendered sign-in page (dist/login.html) before the app took it over: read
 * just before hydration, and handed once to the form that owns the field, so that nothing typed on a slow
 * phone while the scripts were loading is lost.
 */
const typed = new Map<string, string>();

export function rememberTypedFields(root: Element): void {
  for (const field of root.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (field.value !== '') typed.set(field.name, field.value);
  }
}

/** The text typed into the field of this name before the app started, once. */
export function takeTypedBeforeStart(name: string): string | undefined {
  const value = typed.get(name);
  typed.delete(name);
  return value;
}

let submitAsked = false;
let stopListening: (() => void) | undefined;

/**
 * Until the form takes over, Enter in a field of the prerendered form (whose button is still disabled, so the browser
 * would do nothing) is remembered, to be carried out by the form once it runs (takeSubmitBeforeStart).
 */
export function rememberSubmitBeforeStart(root: Element): void {
  const onKey = (event: Event) => {
    const { key, target } = event as KeyboardEvent;
    if (key === 'Enter' && target instanceof HTMLInputElement && target.form) {
      event.preventDefault();
      submitAsked = true;
    }
  };
  root.addEventListener('keydown', onKey, true);
  stopListening = () => root.removeEventListener('keydown', onKey, true);
}

/** Whether Enter was pressed in the prerendered form before the form ran, once; from now on the form listens itself. */
export function takeSubmitBeforeStart(): boolean {
  stopListening?.();
  stopListening = undefined;
  const asked = submitAsked;
  submitAsked = false;
  return asked;
}
