import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenTexts, scriptTexts, translationProblems } from './translations';

const repo = resolve(import.meta.dirname, '../../..');
const json = (path: string) => JSON.parse(readFileSync(join(repo, path), 'utf8')) as unknown;
const LANGUAGES = ['it', 'en', 'es'];
const byLanguage = (path: (lang: string) => string) => Object.fromEntries(LANGUAGES.map((lang) => [lang, json(path(lang))]));

/** The app's namespaces, one file each in every language's folder. */
const appNamespaces = readdirSync(join(repo, 'apps/web/src/locales/it')).filter((file) => file.endsWith('.json'));

/** Every set of interface texts in the project, by language. */
const textSets: Array<[string, () => Record<string, unknown>]> = [
  // Every namespace of the app, the shell's ('translation') and each screen's, so a new one is checked as it comes.
  ...appNamespaces.map((file): [string, () => Record<string, unknown>] => [
    `the app's ${file} (apps/web/src/locales/*/${file})`,
    () => byLanguage((lang) => `apps/web/src/locales/${lang}/${file}`),
  ]),
  [
    'the report, page and PDF (packages/contract/locales/*/report.json)',
    () => byLanguage((lang) => `packages/contract/locales/${lang}/report.json`),
  ],
  [
    'the activity kit (packages/activity-sdk/kit/prova-kit.js)',
    () => scriptTexts(join(repo, 'packages/activity-sdk/kit/prova-kit.js'), 'KIT_TEXTS'),
  ],
  ...readdirSync(join(repo, 'activities'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry): [string, () => Record<string, unknown>] => [
      `the ${entry.name} activity (activities/${entry.name}/app.js)`,
      () => scriptTexts(join(repo, 'activities', entry.name, 'app.js'), 'TEXTS'),
    ]),
];

describe.each(textSets)('the texts of %s', (_name, load) => {
  it('are in Italian, English and Spanish: the same keys, the same variables, none empty', () => {
    const texts = load();
    expect(Object.keys(texts).sort()).toEqual([...LANGUAGES].sort());
    expect(translationProblems(texts)).toEqual([]);
  });
});

/** The texts by key, as strings. */
const strings = (texts: unknown) => new Map([...flattenTexts(texts)].map(([key, text]) => [key, text.shown]));

// Where the specification gives a text, the Italian one is its words exactly.
describe("the app's Italian texts", () => {
  // The shell's namespace and each screen's (the staff console's aside: the spec's words are the candidates' screens).
  const italian = new Map(
    appNamespaces.filter((file) => file !== 'console.json').flatMap((file) => [...strings(json(`apps/web/src/locales/it/${file}`))]),
  );
  it('are the specification words where it gives them', () => {
    const spec = [
      'Accedi',
      'Termini di utilizzo',
      'Conferma',
      'Benvenuto',
      'Seleziona una campagna',
      'Ultimo accesso',
      'Nuova!',
      'ENTRA',
      'Scegli in quale lingua visualizzare i contenuti',
      'CONFERMA E INIZIA',
      'Not found...',
      'Elenco delle attività',
      'Inizia',
      'Entra',
      'Per piacere, esegui di nuovo il login',
      'Nessuna campagna attiva',
      'Le credenziali sono errate',
      'Impossibile verificare le credenziali',
      'Ci sono problemi con la connessione',
      'Riprova più tardi per piacere',
      'Sei offline',
      "Non posso eseguire l'operazione senza connessione",
      "Se l'indirizzo email inserito è corretto riceverai una email con le istruzioni per procedere al reset",
      "C'è stato un errore nell'invio della richiesta",
      "Controlla l'indirizzo inserito",
      'Password modificata con successo',
      'Non è possibile modificare la password',
      'Cambia password',
      'La password deve essere lunga almeno 8 caratteri',
      'Le password non coincidono',
      'Sincronizzazione',
      'Salta',
      'Sei sicuro/a di uscire?',
      "Potrai completare l'attività in un secondo momento",
      "Impossibile caricare l'attività",
      'Mostra tutti',
      'Escludi nomi già valutati',
      'Feedback',
      'Inizia',
      'Continua',
      'Modifica',
      'Vuoi iniziare la valutazione?',
      'Sì',
      'No',
      // 'Set successivo' went with the top bar (issue 54): one pair of controls, 'Set precedente' and 'CONTINUA'.
      'Set precedente',
      'CONTINUA',
      'TERMINA IL QUESTIONARIO',
      'Ora tocca a te',
      'Rispondi alla domanda per continuare',
      'Hai completato la valutazione',
      'Nessun domande disponibile',
      "Oops c'è stato un errore nel salvataggio dei dati",
    ];
    // Rendered as the user reads them: the password minimum is interpolated.
    const texts = new Set([...italian.values()].map((t) => t.replaceAll('{{min}}', '8')));
    expect(spec.filter((s) => !texts.has(s))).toEqual([]);
    expect(italian.get('feedback360.answerMin')).toBe('Rispondi a {{min}} risposte per continuare ({{n}} su {{min}})');
    // The spec's exit text of a timed test became untrue once the server's clock let a person come back (issue 54).
    expect([...italian.values()].some((t) => t.includes('non potrai più ritornare'))).toBe(false);
  });
});

describe("the report's Italian texts", () => {
  it('are the specification words in Italian', () => {
    const spec = [
      'Il report è pronto per il download',
      'Nessun report disponibile',
      'La pagina di report non è ancora attiva. Ti avviseremo quando sarà disponibile.',
      'Scarica il report',
      'Risultati in dettaglio',
      'Punto di attenzione',
      'Presidio insufficiente',
      'Presidio sufficiente',
      'Presidio buono',
      'Presidio ottimo',
    ];
    const texts = new Set(strings(json('packages/contract/locales/it/report.json')).values());
    expect(spec.filter((s) => !texts.has(s))).toEqual([]);
  });
});

describe('translationProblems', () => {
  it('names a key missing or added, other variables or arguments, an empty text, a lone variant or plural form', () => {
    const it_ = {
      a: 'Ciao {{name}}',
      b: { c: 'Uno', d_one: '1 prova', d_other: '{{count}} prove' },
      e: (n: number) => `Domanda ${n}`,
      list: ['Lana', 'Seta'],
      welcome: 'Benvenuto',
      welcome_female: 'Benvenuta',
    };
    expect(translationProblems({ it: it_, en: { ...it_ } })).toEqual([]);
    expect(
      translationProblems({
        it: it_,
        en: {
          a: 'Hello {{who}}',
          b: { c: ' ', d_one: '1 test', x: 'more' },
          e: (n: number, m: number) => `Question ${n} of ${m}`,
          list: ['Wool'],
          welcome: 'Welcome',
          hello_male: 'Hi',
        },
      }),
    ).toEqual([
      'en b.c: empty',
      'en b.d_one: no b.d_other beside it',
      'en hello_male: a variant without its key',
      'en a: who where it has name',
      'en b.d_other: missing',
      'en e: ƒ/2 where it has ƒ/1',
      'en list.1: missing',
      'en b.x: not in it',
    ]);
  });

  it('reads the texts object of a plain script', () => {
    expect(Object.keys(scriptTexts(join(repo, 'packages/activity-sdk/kit/prova-kit.js'), 'KIT_TEXTS'))).toEqual(LANGUAGES);
    expect(() => scriptTexts(join(repo, 'packages/activity-sdk/kit/prova-kit.js'), 'NO_SUCH')).toThrow('declares no');
  });
});
