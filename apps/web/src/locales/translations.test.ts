import { describe, expect, it } from 'vitest';
import en from './en/translation.json';
import es from './es/translation.json';
import itText from './it/translation.json';
import enReport from '@prova/contract/locales/en/report.json';
import esReport from '@prova/contract/locales/es/report.json';
import itReport from '@prova/contract/locales/it/report.json';

// Every interface text exists in the three languages, with the same interpolation variables.
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      for (const [k, v] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

// A text that agrees with the person's gender ('Benvenuta') is an i18next context variant of a key: a
// language has it where its grammar needs it, always beside the key itself.
const GENDERED = /_(female|male)$/;
const common = (texts: Map<string, string>) => new Map([...texts].filter(([key]) => !GENDERED.test(key)));

const italian = common(flatten(itText));

describe.each([
  ['Italian', flatten(itText)],
  ['English', flatten(en)],
  ['Spanish', flatten(es)],
])('%s gendered variants', (_name, texts) => {
  it('stand beside their key, with its interpolation variables', () => {
    for (const [key, text] of texts) {
      if (!GENDERED.test(key)) continue;
      const base = texts.get(key.replace(GENDERED, ''));
      expect(base, key).toBeDefined();
      expect(variables(text), key).toEqual(variables(base!));
    }
  });
});

describe.each([
  ['English', common(flatten(en))],
  ['Spanish', common(flatten(es))],
])('%s translation', (_name, other) => {
  it('has every key the Italian one has, and no other', () => {
    expect([...other.keys()].sort()).toEqual([...italian.keys()].sort());
  });

  it('uses the same interpolation variables and leaves no text empty', () => {
    for (const [key, text] of italian) {
      const translated = other.get(key) ?? '';
      expect(variables(translated), key).toEqual(variables(text));
      expect(translated.trim(), key).not.toBe('');
    }
  });
});

describe('Italian texts', () => {
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
      "Se esci prima di aver completato l'attività non potrai più ritornare su questa videata",
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
      'Set precedente',
      'Set successivo',
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
  });
});

// The report's texts live with the contract: the page and the server's PDF share them.
describe('report texts', () => {
  const report = flatten(itReport);

  it.each([
    ['English', flatten(enReport)],
    ['Spanish', flatten(esReport)],
  ])('%s has every key and variable the Italian one has', (_name, other) => {
    expect([...other.keys()].sort()).toEqual([...report.keys()].sort());
    for (const [key, text] of report) {
      expect(variables(other.get(key) ?? ''), key).toEqual(variables(text));
      expect((other.get(key) ?? '').trim(), key).not.toBe('');
    }
  });

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
    const texts = new Set(report.values());
    expect(spec.filter((s) => !texts.has(s))).toEqual([]);
  });
});
