import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPlayer } from './player';

// The player's adaptive mode (delivery.adaptive) with the activity kit as the room loads it and a stand-in for the SDK:
// each item comes from the rpc adaptive.next. When the call fails (offline), the candidate is told so, the answer stays
// on screen, and "Riprova" sends the same call again: the server counts it once however often it comes.

const HASH = 'a'.repeat(64);
const delivery = {
  kind: 'qti',
  identifier: 'adaptive-sums',
  title: 'Somme',
  maxTimeSeconds: null,
  adaptive: true,
  parts: [{ identifier: 'part', navigationMode: 'linear', submissionMode: 'individual', sections: [] }],
};
const item = (identifier: string, prompt: string) => ({
  identifier,
  href: `items/${identifier}.xml`,
  xml: `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${identifier}" title="${identifier}">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"/>
  <qti-item-body>
    <qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
      <qti-prompt>${prompt}</qti-prompt>
      <qti-simple-choice identifier="A">8</qti-simple-choice>
      <qti-simple-choice identifier="B">10</qti-simple-choice>
    </qti-choice-interaction>
  </qti-item-body>
</qti-assessment-item>`,
});

beforeAll(() => {
  // The kit is a plain script that defines window.ProvaKit, as the player's page loads it from /sdk/kit/.
  const kit = createRequire(import.meta.url).resolve('@prova/activity-sdk/kit/prova-kit.js');
  new Function(readFileSync(kit, 'utf8'))();
});

const rpc = vi.fn<(action: string, data?: unknown) => Promise<unknown>>();
beforeEach(() => {
  history.replaceState(null, '', `/players/qti/?package=${HASH}`);
  vi.stubGlobal('fetch', async (url: string) =>
    String(url).endsWith(`/packages/${HASH}/delivery.json`) ? new Response(JSON.stringify(delivery)) : new Response('', { status: 404 }),
  );
  vi.stubGlobal('ProvaActivity', {
    init: async () => ({ campaignId: 1, testId: 2, userId: 3, lang: 'IT_it', status: 'incomplete', data: null, timing: null }),
    rpc,
    setData: async () => undefined,
    setStatus: async () => undefined,
    exit: async () => undefined,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  rpc.mockReset();
  document.body.replaceChildren();
});

const root = () => document.body.appendChild(document.createElement('div'));
const button = (name: string) => Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name);
const prompt = () => document.querySelector('qti-prompt')?.textContent;
const offline = () => Object.assign(new Error('Failed to fetch'), { code: 'HANDLER_ERROR' });

/** The candidate's choice as the interaction reports it. */
function choose(identifier: string) {
  document
    .querySelector('.qp-item')!
    .dispatchEvent(
      new CustomEvent('qti-interaction-changed', { bubbles: true, detail: { responseIdentifier: 'RESPONSE', response: identifier } }),
    );
}

describe('the adaptive player offline', () => {
  it('says the next question needs the connection, keeps the answer, and retries the same call', async () => {
    rpc.mockResolvedValueOnce({ done: false, answered: 0, item: item('q01', 'How much is 7 + 3?') });
    startPlayer(root());
    await vi.waitFor(() => expect(prompt()).toBe('How much is 7 + 3?'));
    expect(document.querySelector('.pk-bar__progress')?.textContent).toBe('0 risposte date');
    expect(rpc).toHaveBeenLastCalledWith('adaptive.next', { answered: 0 });

    rpc.mockRejectedValueOnce(offline());
    choose('B');
    button('Conferma e continua')!.click();
    const alert = await vi.waitFor(() => {
      const found = document.querySelector('[role="alert"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(alert.textContent).toBe(
      'Connessione assente: la domanda successiva arriva dal server. Controlla la rete e riprova; la risposta data non va persa.',
    );
    // The item stays, with its answer, and the candidate may retry (focus on it) or confirm again.
    expect(prompt()).toBe('How much is 7 + 3?');
    expect(document.activeElement).toBe(button('Riprova'));
    expect(button('Conferma e continua')!.disabled).toBe(false);

    rpc.mockResolvedValueOnce({ done: false, answered: 1, item: item('q07', 'How much is 4 + 4?') });
    button('Riprova')!.click();
    await vi.waitFor(() => expect(prompt()).toBe('How much is 4 + 4?'));
    expect(rpc.mock.calls.slice(1)).toEqual([
      ['adaptive.next', { answered: 0, response: { RESPONSE: 'B' } }],
      ['adaptive.next', { answered: 0, response: { RESPONSE: 'B' } }],
    ]);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(button('Riprova')).toBeUndefined();
    expect(document.querySelector('.pk-bar__progress')?.textContent).toBe('1 risposta data');
  });

  it('names the server’s reason when it refused the call, still with a retry', async () => {
    rpc
      .mockResolvedValueOnce({ done: false, answered: 0, item: item('q01', 'How much is 7 + 3?') })
      .mockRejectedValueOnce(Object.assign(new Error('service busy'), { code: 'HANDLER_ERROR', status: 503 }));
    startPlayer(root());
    await vi.waitFor(() => expect(prompt()).toBe('How much is 7 + 3?'));
    choose('A');
    button('Conferma e continua')!.click();
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe('Impossibile caricare la domanda: service busy'),
    );
    expect(button('Riprova')).toBeDefined();
  });

  it('ends on the server’s word, after the last answer', async () => {
    rpc
      .mockResolvedValueOnce({ done: false, answered: 3, item: item('q12', 'How much is 6 + 5?') })
      .mockResolvedValueOnce({ done: true, answered: 4 });
    startPlayer(root());
    await vi.waitFor(() => expect(prompt()).toBe('How much is 6 + 5?'));
    choose('A');
    button('Conferma e continua')!.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Risposte consegnate. Grazie!'));
    expect(document.querySelector('qti-assessment-item')).toBeNull();
  });
});
