// The player's screens: one item at a time in delivery order, the navigation its test part allows, the
// test's timer and the hand-in. Every response change is saved at once (ProvaActivity.setData, which the
// platform's sending queue keeps offline) as a QtiProgress; a reload or a later visit restores it.
import { adaptiveNextResponseSchema, type AdaptiveNextRequest } from '@prova/contract/adaptive';
import { qtiProgressSchema, type QtiDelivery, type QtiProgress, type QtiResponseValue } from '@prova/contract/content';
import { qtiTransformItem } from '@citolab/qti-components/qti-transformers';
import { deliveryItems, loadDelivery, loadItemXml, packageHash, type DeliveryItem } from './delivery';
import { encodeResponse, isGiven, responseDeclarations, type Cardinality } from './responses';
import { TEXTS, type PlayerTexts } from './texts';
import { secondsLeft } from './timer';
import { newSeed, shuffleChoices } from './shuffle';
import { localizeInteractions, makeOperable, mirrorStates, movedIfSlider } from './accessibility';

interface AssessmentItemElement extends HTMLElement {
  variables: { identifier: string; value: string | string[] | null }[];
  updateComplete: Promise<boolean>;
}

interface LoadedItem {
  xml: string;
  declarations: Map<string, Cardinality>;
}

export function startPlayer(root: HTMLElement) {
  const kit = ProvaKit;
  const el = kit.el;
  let t: PlayerTexts = TEXTS.it;
  let delivery: QtiDelivery;
  let items: DeliveryItem[] = [];
  let progress: QtiProgress = { qti: 1, position: null, responses: {}, flagged: [] };
  let index = 0;
  let base = '';
  let finished = false;
  let clock: { stop(): void } | undefined;
  let renderToken = 0;
  let listOpen = false;
  const loaded = new Map<string, Promise<LoadedItem>>();

  let top: ProvaKitBar;
  const listNav = el('nav', { class: 'qp-list', 'aria-labelledby': 'qp-list-title' });
  const section = el('p', { class: 'qp-section' });
  const heading = el('h2', { id: 'qp-heading', class: 'qp-heading', tabindex: '-1' });
  const body = el('div', { class: 'qp-body' });
  const status = el('div', { class: 'qp-status' });
  const actions = el('div', { class: 'pk-actions qp-actions' });

  function showError(error: unknown) {
    finished = true;
    clock?.stop();
    root.replaceChildren(kit.messagePage({ message: kit.errorText(t.error, error), kind: 'error' }));
  }

  function save() {
    if (finished) return;
    ProvaActivity.setData(progress).then(
      () => status.replaceChildren(),
      (error) => status.replaceChildren(kit.notice(kit.errorText(t.saveError, error), 'error')),
    );
  }

  function load(item: DeliveryItem): Promise<LoadedItem> {
    let entry = loaded.get(item.identifier);
    if (!entry) {
      entry = loadItemXml(base, item.href).then((xml) => ({
        xml,
        declarations: responseDeclarations(new DOMParser().parseFromString(xml, 'application/xml')),
      }));
      entry.catch(() => loaded.delete(item.identifier));
      loaded.set(item.identifier, entry);
    }
    return entry;
  }

  const answered = (item: DeliveryItem) => Object.values(progress.responses[item.identifier] ?? {}).some(isGiven);
  const flagged = (item: DeliveryItem) => progress.flagged.includes(item.identifier);
  const current = () => items[index] as DeliveryItem;
  const inPart = (i: number) => items[i]?.part === current().part;

  function renderList() {
    if (current().linear) {
      listNav.hidden = true;
      return;
    }
    listNav.hidden = false;
    const entries = items.map((item, i) => {
      if (!inPart(i)) return null;
      const state = [answered(item) ? t.answered : t.unanswered, flagged(item) ? t.flagged : null].filter(Boolean).join(', ');
      return el('li', {}, [
        el(
          'button',
          {
            type: 'button',
            class: 'qp-list__item' + (flagged(item) ? ' qp-list__item--flagged' : '') + (answered(item) ? ' qp-list__item--answered' : ''),
            'aria-current': i === index ? 'step' : false,
            onClick: () => go(i),
          },
          [el('span', { text: t.listItem(i + 1, item.title) }), el('span', { class: 'qp-list__state', text: state })],
        ),
      ]);
    });
    listNav.replaceChildren(
      el(
        'details',
        { class: 'qp-list__details', open: listOpen, onToggle: (event: Event) => (listOpen = (event.target as HTMLDetailsElement).open) },
        [el('summary', { id: 'qp-list-title', text: t.list }), el('ol', { class: 'qp-list__items' }, entries)],
      ),
    );
  }

  function renderActions() {
    const item = current();
    const last = index === items.length - 1;
    const canGoBack = !item.linear && index > 0 && inPart(index - 1);
    actions.replaceChildren(
      ...[
        item.linear ? null : kit.button(t.previous, () => go(index - 1), 'secondary', { disabled: !canGoBack }),
        item.linear
          ? null
          : kit.button(t.flag, toggleFlag, 'secondary', {
              'aria-pressed': flagged(item) ? 'true' : 'false',
              class: 'pk-button pk-button--secondary qp-flag',
            }),
        last ? kit.button(t.submit, submit) : kit.button(t.next, () => go(index + 1)),
      ].filter((node): node is HTMLButtonElement => node !== null),
    );
  }

  function toggleFlag() {
    const id = current().identifier;
    progress.flagged = flagged(current()) ? progress.flagged.filter((f) => f !== id) : [...progress.flagged, id];
    save();
    renderActions();
    renderList();
    (actions.querySelector('.qp-flag') as HTMLElement | null)?.focus();
  }

  async function go(to: number) {
    if (finished || to < 0 || to >= items.length || to === index) return;
    const leavingPart = !inPart(to);
    if (leavingPart) {
      const ok = await kit.confirm({ title: t.leavePartTitle, message: t.leavePartText, confirm: t.leavePartConfirm, cancel: t.back });
      if (!ok) return;
    }
    index = to;
    progress.position = current().identifier;
    save();
    await renderItem(true);
  }

  function onChange(declarations: Map<string, Cardinality>, host: HTMLElement) {
    return (event: Event) => {
      mirrorStates(host);
      const detail = (event as CustomEvent<{ responseIdentifier?: string; response?: unknown }>).detail;
      const id = detail?.responseIdentifier;
      if (!id || finished || !movedIfSlider(host, id)) return;
      const value = encodeResponse(detail.response, declarations.get(id) ?? 'single');
      const item = current().identifier;
      const responses = progress.responses[item] ?? {};
      if (JSON.stringify(responses[id] ?? null) === JSON.stringify(value)) return;
      progress.responses[item] = { ...responses, [id]: value };
      progress.position = item;
      save();
      renderList();
    };
  }

  async function renderItem(moveFocus: boolean) {
    const token = ++renderToken;
    const item = current();
    top.setPosition(index + 1, items.length);
    heading.textContent = t.question(index + 1, items.length);
    section.textContent = item.sectionTitle ?? '';
    section.hidden = !item.sectionTitle;
    renderActions();
    renderList();
    body.replaceChildren(el('p', { class: 'pk-lead', text: t.loading }));
    let entry: LoadedItem;
    try {
      entry = await load(item);
    } catch (error) {
      if (token === renderToken) body.replaceChildren(kit.notice(kit.errorText(t.noItem, error), 'error'));
      return;
    }
    if (token !== renderToken) return;
    const itemBase = new URL(item.href.slice(0, item.href.lastIndexOf('/') + 1), new URL(base, location.href)).href;
    const seed = progress.seed ?? '';
    const fragment = qtiTransformItem()
      .parse(entry.xml)
      .fn((xml) => shuffleChoices(xml, `${seed}\n${item.identifier}`))
      .path(itemBase)
      .htmlDoc();
    localizeInteractions(fragment, t);
    const host = el('div', { class: 'qp-item' });
    host.addEventListener('qti-interaction-changed', onChange(entry.declarations, host));
    host.appendChild(fragment);
    body.replaceChildren(host);
    const assessmentItem = host.querySelector('qti-assessment-item') as AssessmentItemElement | null;
    if (assessmentItem) {
      await assessmentItem.updateComplete;
      // The interactions register with the item and render their shadow parts in their first update.
      const interactions = Array.from(host.querySelectorAll('[response-identifier]')) as Partial<AssessmentItemElement>[];
      await Promise.all(interactions.map((node) => node.updateComplete));
      if (token !== renderToken) return;
      const saved = progress.responses[item.identifier] ?? {};
      const restore = Object.entries(saved)
        .filter(([id, value]) => entry.declarations.has(id) && value !== null)
        .map(([identifier, value]) => ({ identifier, value }));
      if (restore.length) {
        assessmentItem.variables = restore;
        await Promise.all(interactions.map((node) => node.updateComplete));
        if (token !== renderToken) return;
      }
      makeOperable(host, t, `qp-hint-${token}`);
    }
    host.dataset.ready = '';
    // Items are loaded one ahead, so Next does not wait for the network.
    const next = items[index + 1];
    if (next) load(next).catch(() => {});
    if (moveFocus) heading.focus();
  }

  function submit() {
    const notes = items
      .map((item, i) => {
        const states = [answered(item) ? null : t.unanswered, flagged(item) ? t.confirmFlagged : null].filter(Boolean);
        return states.length ? `${t.listItem(i + 1, item.title)}: ${states.join(', ')}` : null;
      })
      .filter((note): note is string => note !== null);
    kit
      .confirm({
        title: t.confirmTitle,
        message: notes.length ? t.confirmMissing : t.confirmText,
        items: notes,
        confirm: t.confirm,
        cancel: t.back,
      })
      .then((ok) => {
        if (ok) finish(t.done);
      });
  }

  /** Hands in what was given; at the end of the time this is calm, never an error. */
  function finish(message: string) {
    if (finished) return;
    finished = true;
    clock?.stop();
    kit.handIn(progress).then(() => renderDone(message));
  }

  function renderDone(message: string) {
    finished = true;
    clock?.stop();
    root.replaceChildren(kit.finishedPage(delivery?.title ?? t.title, message, t.exit, showError));
  }

  // Adaptive mode (delivery.adaptive): the server gives one item at a time (rpc adaptive.next) and decides when the
  // test ends; the player holds only the item on screen and its responses. The call needs the network: offline, the
  // candidate is told so and retries the same call, which the server answers the same way however often it comes.
  let adaptiveAnswered = 0;
  let adaptiveResponses: Record<string, QtiResponseValue> = {};

  async function askNext(request: AdaptiveNextRequest) {
    if (finished) return;
    const token = ++renderToken;
    for (const button of actions.querySelectorAll('button')) button.disabled = true;
    status.replaceChildren();
    let result;
    try {
      result = adaptiveNextResponseSchema.parse(await ProvaActivity.rpc('adaptive.next', request));
    } catch (error) {
      if (token !== renderToken || finished) return;
      const retry = kit.button(t.retry, () => void askNext(request));
      // No HTTP status: the call never reached the server (offline), which the sentence says in full; a refusal
      // by the server (busy, the campaign closed) names its reason.
      const answeredByServer = typeof (error as { status?: unknown } | null)?.status === 'number';
      const message = answeredByServer ? kit.errorText(t.noItem, error) : t.adaptiveOffline;
      status.replaceChildren(kit.notice(message, 'error'), retry);
      for (const button of actions.querySelectorAll('button')) button.disabled = false;
      retry.focus();
      return;
    }
    if (token !== renderToken || finished) return;
    adaptiveAnswered = result.answered;
    top.setText(t.answeredSoFar(adaptiveAnswered));
    if (result.done) return renderDone(t.done);
    adaptiveResponses = {};
    await renderAdaptiveItem(result.item, token, request.answered > 0 || request.response !== undefined);
  }

  async function renderAdaptiveItem(item: { identifier: string; href: string; xml: string }, token: number, moveFocus: boolean) {
    heading.textContent = t.answeredSoFar(adaptiveAnswered);
    section.hidden = true;
    const declarations = responseDeclarations(new DOMParser().parseFromString(item.xml, 'application/xml'));
    const itemBase = new URL(item.href.slice(0, item.href.lastIndexOf('/') + 1), new URL(base, location.href)).href;
    const fragment = qtiTransformItem().parse(item.xml).path(itemBase).htmlDoc();
    localizeInteractions(fragment, t);
    const host = el('div', { class: 'qp-item' });
    host.addEventListener('qti-interaction-changed', (event: Event) => {
      mirrorStates(host);
      const detail = (event as CustomEvent<{ responseIdentifier?: string; response?: unknown }>).detail;
      const id = detail?.responseIdentifier;
      if (!id || finished || !movedIfSlider(host, id)) return;
      adaptiveResponses = { ...adaptiveResponses, [id]: encodeResponse(detail.response, declarations.get(id) ?? 'single') };
    });
    host.appendChild(fragment);
    body.replaceChildren(host);
    actions.replaceChildren(
      kit.button(t.adaptiveNext, () => void askNext({ answered: adaptiveAnswered, response: { ...adaptiveResponses } })),
    );
    const assessmentItem = host.querySelector('qti-assessment-item') as AssessmentItemElement | null;
    if (assessmentItem) {
      await assessmentItem.updateComplete;
      const interactions = Array.from(host.querySelectorAll('[response-identifier]')) as Partial<AssessmentItemElement>[];
      await Promise.all(interactions.map((node) => node.updateComplete));
      if (token !== renderToken) return;
      makeOperable(host, t, `qp-hint-${token}`);
    }
    host.dataset.ready = '';
    if (moveFocus) heading.focus();
  }

  /** The test's clock (the platform's, else the package's own, kept per attempt on this device). */
  function clockLeft(session: ProvaSession, hash: string) {
    return secondsLeft(session, delivery.maxTimeSeconds, `prova-qti:${session.campaignId}:${session.testId}:${session.userId}:${hash}`);
  }

  async function startAdaptive(session: ProvaSession, hash: string) {
    if (session.status === 'complete') return renderDone(t.finished);
    const left = clockLeft(session, hash);
    if (left === 0) return finish(t.timeUp);
    top = kit.bar(delivery.title);
    root.replaceChildren(
      top.node,
      el('main', { class: 'pk-page qp-page' }, [
        el('h1', { class: 'pk-visually-hidden', text: delivery.title }),
        el('section', { class: 'qp-question', 'aria-labelledby': 'qp-heading' }, [heading, body]),
        actions,
        el('div', { role: 'status', 'aria-live': 'polite' }, [status]),
      ]),
    );
    if (left !== null) clock = kit.countdown(top.timer, left, () => finish(t.timeUp));
    body.replaceChildren(el('p', { class: 'pk-lead', text: t.loading }));
    // Answered 0 and no response: the server answers with the item the candidate is on (a reload resumes there).
    await askNext({ answered: 0 });
  }

  kit.onFinished(() => {
    if (!finished) renderDone(t.finished);
    finished = true;
  });

  async function start() {
    root.replaceChildren(el('p', { class: 'pk-page', text: t.loading }));
    // The package's delivery and its first item load while the host answers init: on a phone's network each
    // round trip waited for in turn is a few hundred milliseconds before the first item.
    const hash = packageHash(location.search);
    base = `/packages/${hash}/`;
    const deliveryLoad = hash
      ? loadDelivery(base).then((loadedDelivery) => {
          const first = deliveryItems(loadedDelivery)[0];
          if (first) load(first).catch(() => {});
          return loadedDelivery;
        })
      : null;
    deliveryLoad?.catch(() => {});
    const session = await ProvaActivity.init();
    t = kit.texts(TEXTS, session.lang);
    if (!hash || !deliveryLoad) throw new Error(t.noPackage);
    delivery = await deliveryLoad;
    document.title = delivery.title || t.title;
    if (delivery.adaptive) return startAdaptive(session, hash);
    items = deliveryItems(delivery);
    if (!items.length) throw new Error(t.noPackage);
    const saved = qtiProgressSchema.safeParse(session.data);
    if (saved.success) progress = saved.data;
    if (session.status === 'complete') return renderDone(t.finished);
    index = Math.max(
      0,
      items.findIndex((item) => item.identifier === progress.position),
    );
    progress.position = current().identifier;
    // The attempt's order of shuffled choices is decided once, and saved before the first item shows it.
    if (progress.seed === undefined) {
      progress.seed = newSeed();
      save();
    }

    const left = clockLeft(session, hash);
    if (left === 0) return finish(t.timeUp);

    top = kit.bar(delivery.title);
    root.replaceChildren(
      top.node,
      el('main', { class: 'pk-page qp-page' }, [
        el('h1', { class: 'pk-visually-hidden', text: delivery.title }),
        listNav,
        el('section', { class: 'qp-question', 'aria-labelledby': 'qp-heading' }, [section, heading, body]),
        actions,
        status,
      ]),
    );
    if (left !== null) clock = kit.countdown(top.timer, left, () => finish(t.timeUp));
    await renderItem(false);
  }

  start().catch(showError);
}
