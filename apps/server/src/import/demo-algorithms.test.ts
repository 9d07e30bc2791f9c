// The demo's scoring scripts, run as the server runs them (QuickJS, no host APIs) on the data the
// activities save.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runAlgorithm } from '../services/scoring/run-algorithm';

const bundle = JSON.parse(readFileSync(new URL('./demo-bundle.json', import.meta.url), 'utf8')) as {
  tests: Array<{ abbreviation: string; algorithm?: string }>;
};
const algorithmOf = (abbreviation: string) => bundle.tests.find((t) => t.abbreviation === abbreviation)!.algorithm!;

describe('the demo in-basket (IBX) is scored on the server', () => {
  const reply = 'Grazie, me ne occupo io entro oggi.';

  it('gives full marks for the expected priorities, delegations and replies', async () => {
    const data = {
      items: {
        m1: { priority: 'alta', delegate: '', reply },
        m2: { priority: 'media', delegate: 'assistente', reply },
        m3: { priority: 'bassa', delegate: '', reply },
        m4: { priority: 'alta', delegate: 'qualita', reply },
        m5: { priority: 'media', delegate: 'logistica', reply },
      },
      current: 'm5',
    };
    expect(await runAlgorithm(algorithmOf('IBX'), data)).toEqual([
      { questionId: 'priorita', value: 100 },
      { questionId: 'delega', value: 100 },
      { questionId: 'risposte', value: 100 },
    ]);
  });

  it('counts what was handled, and nothing for an empty inbox', async () => {
    const partial = {
      items: { m1: { priority: 'alta', delegate: 'qualita', reply: 'ok' }, m4: { priority: 'media', delegate: 'qualita', reply } },
    };
    expect(await runAlgorithm(algorithmOf('IBX'), partial)).toEqual([
      { questionId: 'priorita', value: 20 },
      // Only handled messages count: m1 delegated wrongly, m4 rightly.
      { questionId: 'delega', value: 20 },
      { questionId: 'risposte', value: 20 },
    ]);
    expect(await runAlgorithm(algorithmOf('IBX'), null)).toEqual([
      { questionId: 'priorita', value: 0 },
      { questionId: 'delega', value: 0 },
      { questionId: 'risposte', value: 0 },
    ]);
  });
});

describe('the demo numerical reasoning (RAG) is scored on the server', () => {
  it('compares the saved answers with its key', async () => {
    expect(await runAlgorithm(algorithmOf('RAG'), { answers: { q1: 'b', q2: 'd', q3: 'a' }, current: 2 })).toEqual([
      { questionId: 'score', value: 100 },
    ]);
  });
});
