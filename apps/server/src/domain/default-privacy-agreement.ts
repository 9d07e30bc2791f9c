import type { LocalizedText } from '@prova/contract/bundle';

// Shown on the privacy page of a campaign whose bundle gives no `privacyAgreement`: an Italian
// consent to the processing of personal data and image. The one copy, for the importer and the API.
export const DEFAULT_PRIVACY_AGREEMENT_HTML = [
  "<h2>Consenso al trattamento dei dati personali e dell'immagine</h2>",
  '<p>Ai sensi del Regolamento (UE) 2016/679 (GDPR) e del D.Lgs. 196/2003, i dati personali che fornisci',
  'partecipando a questa campagna di valutazione (dati anagrafici, risposte, risultati delle prove ed eventuali',
  'registrazioni audio, video o fotografiche che ti ritraggono) sono trattati dalla società che ti ha invitato,',
  'titolare del trattamento, al solo scopo di valutare e sviluppare le tue competenze professionali.</p>',
  '<p>I dati sono trattati con strumenti elettronici, da personale autorizzato e da valutatori tenuti alla',
  'riservatezza; non sono diffusi e sono conservati per il tempo necessario alla campagna e alla restituzione',
  "dei risultati. Puoi in ogni momento chiedere l'accesso, la rettifica o la cancellazione dei tuoi dati,",
  'la limitazione del trattamento, opporti al trattamento o proporre reclamo al Garante per la protezione dei',
  'dati personali.</p>',
  '<p>Selezionando la casella qui sotto dichiari di aver letto e compreso questa informativa e acconsenti al',
  'trattamento dei tuoi dati personali e della tua immagine per le finalità descritte.</p>',
].join(' ');

export const DEFAULT_PRIVACY_AGREEMENT: LocalizedText = { IT_it: DEFAULT_PRIVACY_AGREEMENT_HTML };
