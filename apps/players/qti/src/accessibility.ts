// What qti-components' interactions need to be operable and named in every language without a mouse:
// checked in Chromium with the keyboard and axe, interaction by interaction (docs/players.md).
// - Choices, hot text and hotspots carry their role and state in ElementInternals only; assistive tools
//   that read attributes (and axe) see neither, so both are mirrored as attributes.
// - Drag and drop (order, match, associate, gap match) works by keyboard in the library (Enter picks an
//   item up, the arrows pick a place, Enter puts it down, Escape cancels), but says so nowhere: the
//   player shows the instructions and names the items as buttons.
// - The slider has no keyboard at all, and no name or value for a screen reader: both are added here. It
//   reports its lower bound as a response when it appears (unless that bound is 0): that is no answer
//   until the candidate moves it.
// - The associate interaction lays its choices in one row that does not wrap: at 320 px it would scroll
//   sideways (WCAG reflow), so its shadow root gets a rule that wraps them.
// - The inline choice heard the arrows only a task after Enter opened its list: it is told at once.
// - The library's own words (the inline choice's placeholder, the validation messages) are English:
//   they are given in the candidate's language through the attributes the library reads.
import type { PlayerTexts } from './texts';

const DRAG_INTERACTIONS = 'qti-order-interaction, qti-match-interaction, qti-associate-interaction, qti-gap-match-interaction';
const DRAGGABLES = '[qti-draggable="true"]';

interface WithInternals extends HTMLElement {
  internals?: ElementInternals;
}

const promptOf = (interaction: Element) => interaction.querySelector('qti-prompt')?.textContent?.trim() ?? '';

/** Before the item is connected: the library's texts in the candidate's language. */
export function localizeInteractions(fragment: DocumentFragment, t: PlayerTexts) {
  for (const node of Array.from(fragment.querySelectorAll<HTMLElement>('qti-inline-choice-interaction'))) {
    if (!node.dataset.prompt) node.dataset.prompt = t.inlineChoicePrompt;
  }
  for (const node of Array.from(fragment.querySelectorAll<HTMLElement>('[response-identifier]'))) {
    const min = Number(node.getAttribute('min-choices') ?? node.getAttribute('min-associations') ?? 0);
    const max = Number(node.getAttribute('max-choices') ?? node.getAttribute('max-associations') ?? 0);
    node.dataset.minSelectionsMessage ??= t.atLeast(Math.max(1, min));
    node.dataset.minAssociationsMessage ??= t.atLeast(Math.max(1, min));
    node.dataset.maxSelectionsMessage ??= t.atMost(max);
    node.dataset.maxAssociationsMessage ??= t.atMost(max);
  }
}

/** Mirrors the roles and states the library keeps in ElementInternals as attributes. */
export function mirrorStates(host: HTMLElement) {
  for (const node of Array.from(host.querySelectorAll<WithInternals>('*'))) {
    if (node.getAttribute('aria-readonly') === 'false') node.removeAttribute('aria-readonly');
    const internals = node.internals;
    // Only the options' roles: a listbox around the inline choice's own button would not hold.
    if (!internals || (internals.role !== 'radio' && internals.role !== 'checkbox')) continue;
    node.setAttribute('role', internals.role);
    if (internals.ariaChecked !== null) node.setAttribute('aria-checked', internals.ariaChecked);
    if (internals.ariaSelected !== null) node.setAttribute('aria-selected', internals.ariaSelected);
  }
}

/** After the item has rendered: names, instructions and the keyboard where the library lacks them. */
export function makeOperable(host: HTMLElement, t: PlayerTexts, hintId: string) {
  mirrorStates(host);
  host.querySelectorAll('qti-hotspot-choice').forEach((spot) => {
    const label = spot.getAttribute('hotspot-label') ?? spot.getAttribute('aria-label');
    if (label) spot.setAttribute('aria-label', label);
  });
  host.querySelectorAll('qti-text-entry-interaction, qti-extended-text-interaction').forEach((interaction) => {
    const field = interaction.shadowRoot?.querySelector('input, textarea');
    field?.setAttribute('aria-label', promptOf(interaction) || t.answer);
  });
  host.querySelectorAll<InlineChoice>('qti-inline-choice-interaction').forEach((interaction) => {
    const trigger = interaction.shadowRoot?.querySelector('button[part="trigger"]');
    trigger?.setAttribute('aria-label', t.inlineChoice);
    // The library opens its list on Enter but takes it as open (focus on the first option, arrows heard) only
    // once the popover's toggle event, a later task, comes: keys pressed before it (a quick hand, a screen
    // reader, a busy machine) went to the trigger, and Enter then chose the prompt. It is told at once.
    trigger?.addEventListener('keydown', () => {
      const menu = interaction.shadowRoot?.querySelector('[part="menu"]');
      if (menu?.matches(':popover-open') && !interaction._dropdownOpen) interaction._dropdownOpen = true;
    });
  });
  host.querySelectorAll(DRAG_INTERACTIONS).forEach((interaction, i) => {
    const id = `${hintId}-${i}`;
    interaction.before(Object.assign(document.createElement('p'), { id, className: 'pk-field__hint qp-hint', textContent: t.dragHint }));
    interaction.querySelectorAll(DRAGGABLES).forEach((item) => {
      item.setAttribute('role', 'button');
      item.setAttribute('aria-describedby', id);
    });
  });
  host.querySelectorAll('qti-associate-interaction').forEach((interaction) => {
    if (interaction.shadowRoot) interaction.shadowRoot.adoptedStyleSheets = [...interaction.shadowRoot.adoptedStyleSheets, wrapRow()];
  });
  host.querySelectorAll<Slider>('qti-slider-interaction').forEach((slider) => operableSlider(slider, t));
}

let wrapSheet: CSSStyleSheet | undefined;
function wrapRow() {
  if (!wrapSheet) {
    wrapSheet = new CSSStyleSheet();
    wrapSheet.replaceSync("slot[name='qti-simple-associable-choice'] { flex-wrap: wrap; }");
  }
  return wrapSheet;
}

/** qti-inline-choice-interaction's state (a Lit property): true once it takes its list as open. */
interface InlineChoice extends HTMLElement {
  _dropdownOpen?: boolean;
}

interface Slider extends HTMLElement {
  response: string;
  saveResponse?: (value: string) => void;
}

/** False for a slider's report the candidate did not cause (its lower bound, set when it appears). */
export function movedIfSlider(host: HTMLElement, responseIdentifier: string): boolean {
  const slider = Array.from(host.querySelectorAll<HTMLElement>('qti-slider-interaction')).find(
    (node) => node.getAttribute('response-identifier') === responseIdentifier,
  );
  return !slider || slider.dataset.moved !== undefined;
}

function operableSlider(slider: Slider, t: PlayerTexts) {
  const min = Number(slider.getAttribute('lower-bound') ?? 0);
  const max = Number(slider.getAttribute('upper-bound') ?? 100);
  const step = Number(slider.getAttribute('step') ?? 1) || 1;
  const big = Math.max(step, Math.round((max - min) / 10 / step) * step);
  slider.setAttribute('aria-label', promptOf(slider) || t.answer);
  slider.setAttribute('aria-valuemin', String(min));
  slider.setAttribute('aria-valuemax', String(max));
  const show = () => slider.setAttribute('aria-valuenow', String(Number(slider.response) || min));
  show();
  slider.addEventListener('keydown', (event) => {
    const now = Number(slider.response) || min;
    const moves: Record<string, number> = {
      ArrowRight: now + step,
      ArrowUp: now + step,
      ArrowLeft: now - step,
      ArrowDown: now - step,
      PageUp: now + big,
      PageDown: now - big,
      Home: min,
      End: max,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    slider.dataset.moved = '';
    const value = String(Math.min(max, Math.max(min, to)));
    // Unchanged (the knob starts at the lower bound): the library would not save it, but it is an answer.
    if (value === String(now)) slider.saveResponse?.(value);
    else slider.response = value;
    show();
  });
  slider.addEventListener('pointerdown', () => (slider.dataset.moved = ''));
  slider.addEventListener('qti-interaction-response', show);
}
