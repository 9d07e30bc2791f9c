// The SCORM player: a platform activity that plays a package's first SCO. It offers the SCORM API on
// its own window, frames the SCO from the same origin (/packages/<hash>/<launch>) so the SCO finds
// the API in its parent, and saves the SCO's data model through the SDK on every commit, after a
// short pause in the SCO's writes and when the page goes away (a SCO may never call Terminate).
// The statuses complete the test with the SCO's score and interactions as outcomes; Terminate or
// LMSFinish returns to the room. See docs/scorm.md.
import { packageHashSchema, scormDeliverySchema, scormProgressSchema } from '@prova/contract/content';
import type { ScormDelivery, ScormProgress } from '@prova/contract/content';
import type { Session } from '@prova/activity-sdk';
import { isFinished, outcomesOf } from './cmi';
import { createRuntime } from './runtime';
import type { ScormRuntime } from './runtime';
import { TEXTS } from './texts';
import type { PlayerTexts } from './texts';
import './player.css';

/** How long the SCO's writes may pause before they are saved without a commit. */
const SAVE_AFTER_MS = 1000;

const kit = window.ProvaKit;
const activity = window.ProvaActivity;
const root = document.getElementById('player') as HTMLElement;
let t: PlayerTexts = TEXTS.it;

class PlayerError extends Error {}

function showMessage(message: string, kind: 'success' | 'error', exit = true) {
  root.replaceChildren(
    kit.messagePage({
      title: document.title,
      message,
      kind,
      exit: exit ? t.exit : undefined,
      onExit: () => void activity.exit().catch(() => undefined),
    }),
  );
}

async function loadDelivery(hash: string): Promise<ScormDelivery> {
  const response = await fetch(`/packages/${hash}/delivery.json`).catch(() => null);
  if (!response?.ok) throw new PlayerError(t.noDelivery);
  const delivery = scormDeliverySchema.safeParse(await response.json().catch(() => null));
  if (!delivery.success) throw new PlayerError(t.noDelivery);
  return delivery.data;
}

/** The SCO's address: inside the package's folder on this origin, or nothing. */
function launchUrl(hash: string, launch: string): URL {
  const base = new URL(`/packages/${hash}/`, location.origin);
  const url = new URL(launch, base);
  if (url.origin !== location.origin || !url.pathname.startsWith(base.pathname)) throw new PlayerError(t.scoFailed);
  return url;
}

function savedProgress(session: Session): ScormProgress | null {
  const saved = scormProgressSchema.safeParse(session.data);
  return saved.success ? saved.data : null;
}

/** Saves in order, once for each change; the test is completed once, after the save that finishes it. */
function createSaver(runtime: ScormRuntime, onError: (error: unknown) => void) {
  let chain: Promise<unknown> = Promise.resolve();
  let last = '';
  let completed = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** A change waits for SAVE_AFTER_MS: the platform is told, so its header says 'saving', not 'saved'. */
  let pending = false;
  const setPending = (value: boolean) => {
    if (pending === value) return;
    pending = value;
    void activity.setPending(value).catch(() => {});
  };

  const complete = (progress: ScormProgress) => {
    const outcomes = outcomesOf(runtime.version, progress.cmi);
    return (outcomes.length ? activity.trackOutcomes(outcomes) : Promise.resolve()).then(() => activity.setStatus('complete'));
  };

  const save = (handIn = false): Promise<unknown> => {
    clearTimeout(timer);
    // Once complete the platform takes nothing more of the test: what the SCO writes after is not sent.
    if (stopped || completed) {
      setPending(false);
      return chain;
    }
    const progress = runtime.progress();
    const text = JSON.stringify(progress);
    const changed = text !== last;
    last = text;
    // setData posts its message at once: during pagehide the host has it even if no answer comes.
    const sent: Promise<unknown> = changed ? activity.setData(progress) : Promise.resolve();
    // Once the platform has it (queued), nothing is held any more.
    void sent.then(
      () => setPending(false),
      () => setPending(false),
    );
    const finish = handIn || isFinished(runtime.version, progress.cmi);
    if (finish) completed = true;
    chain = chain
      .then(() => sent)
      .then(() => (finish ? complete(progress) : undefined))
      .catch(onError);
    return chain;
  };

  return {
    save,
    /** The course's own status completed the test (not the clock, nor the platform). */
    get completedByCourse() {
      return completed;
    },
    later() {
      clearTimeout(timer);
      setPending(true);
      timer = setTimeout(() => void save(), SAVE_AFTER_MS);
    },
    stop() {
      clearTimeout(timer);
      stopped = true;
      setPending(false);
    },
  };
}

function play(delivery: ScormDelivery, url: URL, runtime: ScormRuntime, session: Session) {
  let over = false;
  const saver = createSaver(runtime, (error) => {
    kit.announce(kit.errorText(t.saveFailed, error));
  });
  const end = (message: string) => {
    if (over) return;
    over = true;
    saver.stop();
    showMessage(message, 'success');
  };

  runtime.onSetValue(() => saver.later());
  runtime.onCommit(() => void saver.save());
  let leaving = false;
  runtime.onFinish(() => {
    // The SCO is done with this session: keep everything, then back to the room like any activity
    // (not when it finishes because the page itself is going away: a reload stays on the test).
    void saver.save().then(() => {
      if (!over && !leaving) void activity.exit().catch(() => showMessage(t.finishedNow, 'success'));
    });
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
    void saver.save();
  });
  // Finished elsewhere (time up, another tab): the course stops. Finished by the course's own status, it
  // stays on screen to show its result and let the learner leave through it.
  kit.onFinished(() => {
    if (!saver.completedByCourse) end(t.finished);
  });

  const frame = kit.el('iframe', { class: 'scorm-player__frame', title: delivery.title, src: url.href }) as HTMLIFrameElement;
  const children: Node[] = [kit.el('h1', { class: 'pk-visually-hidden', text: delivery.title })];
  if (session.timing) {
    const bar = kit.bar(delivery.title);
    children.unshift(bar.node);
    kit.countdown(bar.timer, session.timing.remainingSeconds, () => {
      // Time is up: hand in what there is, calmly, whatever the SCO was doing.
      void saver.save(true).then(() => end(t.timeUp));
    });
  }
  children.push(frame);
  root.replaceChildren(...children);
  root.classList.add('scorm-player');
}

async function start() {
  let session: Session;
  try {
    session = await activity.init();
  } catch (error) {
    showMessage(kit.errorText(t.startFailed, error), 'error', false);
    return;
  }
  t = kit.texts(TEXTS, session.lang);
  try {
    const hash = packageHashSchema.safeParse(new URLSearchParams(location.search).get('package'));
    if (!hash.success) throw new PlayerError(t.noPackage);
    const delivery = await loadDelivery(hash.data);
    document.title = delivery.title;
    // A finished test is read-only: the platform takes nothing more of it, so the course is not run again.
    if (session.status === 'complete') return showMessage(t.finished, 'success');
    const url = launchUrl(hash.data, delivery.launch);
    const found = await fetch(url, { method: 'HEAD' }).catch(() => null);
    if (!found?.ok) throw new PlayerError(t.scoFailed);
    const runtime = await createRuntime(delivery.version, savedProgress(session), session, window);
    play(delivery, url, runtime, session);
  } catch (error) {
    showMessage(error instanceof PlayerError ? error.message : kit.errorText(t.startFailed, error), 'error');
  }
}

root.replaceChildren(kit.el('p', { class: 'pk-page', text: t.loading }));
void start();
