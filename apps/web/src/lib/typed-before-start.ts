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
