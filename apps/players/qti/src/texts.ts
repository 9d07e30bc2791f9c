// The player's texts in Italian (the default), English and Spanish, picked with ProvaKit.texts.

export interface PlayerTexts {
  title: string;
  loading: string;
  question: (n: number, m: number) => string;
  previous: string;
  next: string;
  submit: string;
  exit: string;
  flag: string;
  flagged: string;
  answered: string;
  unanswered: string;
  list: string;
  listItem: (n: number, title: string) => string;
  confirmTitle: string;
  confirmText: string;
  confirmMissing: string;
  confirmFlagged: string;
  confirm: string;
  back: string;
  leavePartTitle: string;
  leavePartText: string;
  leavePartConfirm: string;
  done: string;
  timeUp: string;
  finished: string;
  error: string;
  saveError: string;
  noPackage: string;
  noItem: string;
  answer: string;
  inlineChoice: string;
  inlineChoicePrompt: string;
  dragHint: string;
  atLeast: (n: number) => string;
  atMost: (n: number) => string;
  /** Adaptive tests: how many answered, no total (the server decides when the test ends). */
  answeredSoFar: (n: number) => string;
  adaptiveNext: string;
  adaptiveOffline: string;
  retry: string;
}

type Texts = Record<'it' | 'en' | 'es', PlayerTexts>;

export const TEXTS: Texts = {
  it: {
    title: 'Prova',
    loading: 'Caricamento…',
    question: (n, m) => `Domanda ${n} di ${m}`,
    previous: 'Indietro',
    next: 'Avanti',
    submit: 'Consegna',
    exit: 'Esci',
    flag: 'Segna da rivedere',
    flagged: 'da rivedere',
    answered: 'risposta data',
    unanswered: 'senza risposta',
    list: 'Elenco delle domande',
    listItem: (n, title) => `${n}. ${title}`,
    confirmTitle: 'Vuoi consegnare le risposte?',
    confirmText: 'Dopo la consegna non potrai più modificarle.',
    confirmMissing: 'Controlla queste domande prima di consegnare:',
    confirmFlagged: 'segnata da rivedere',
    confirm: 'Sì, consegna',
    back: 'Torna alle domande',
    leavePartTitle: 'Vuoi passare alla parte successiva?',
    leavePartText: 'Dopo non potrai tornare alle domande di questa parte.',
    leavePartConfirm: 'Sì, vai avanti',
    done: 'Risposte consegnate. Grazie!',
    timeUp: 'Tempo scaduto: le risposte date sono state consegnate.',
    finished: 'Hai completato questa attività.',
    error: 'Impossibile avviare l’attività',
    saveError: 'Impossibile salvare l’ultima risposta',
    noPackage: 'Manca il contenuto della prova',
    noItem: 'Impossibile caricare la domanda',
    answer: 'Risposta',
    inlineChoice: 'Scegli la parola',
    inlineChoicePrompt: 'scegli',
    dragHint:
      'Con la tastiera: premi Invio su una voce per prenderla, le frecce per scegliere dove metterla e di nuovo Invio per lasciarla; Esc annulla.',
    atLeast: (n) => (n === 1 ? 'Scegli almeno una risposta.' : `Scegli almeno ${n} risposte.`),
    atMost: (n) => (n === 1 ? 'Puoi scegliere una sola risposta.' : `Puoi scegliere al massimo ${n} risposte.`),
    answeredSoFar: (n) => (n === 1 ? '1 risposta data' : `${n} risposte date`),
    adaptiveNext: 'Conferma e continua',
    adaptiveOffline:
      'Connessione assente: la domanda successiva arriva dal server. Controlla la rete e riprova; la risposta data non va persa.',
    retry: 'Riprova',
  },
  en: {
    title: 'Test',
    loading: 'Loading…',
    question: (n, m) => `Question ${n} of ${m}`,
    previous: 'Previous',
    next: 'Next',
    submit: 'Submit',
    exit: 'Exit',
    flag: 'Flag for review',
    flagged: 'flagged for review',
    answered: 'answered',
    unanswered: 'not answered',
    list: 'List of questions',
    listItem: (n, title) => `${n}. ${title}`,
    confirmTitle: 'Submit your answers?',
    confirmText: 'Once submitted, they cannot be changed.',
    confirmMissing: 'Check these questions before you submit:',
    confirmFlagged: 'flagged for review',
    confirm: 'Yes, submit',
    back: 'Back to the questions',
    leavePartTitle: 'Go on to the next part?',
    leavePartText: 'You will not be able to return to the questions of this part.',
    leavePartConfirm: 'Yes, go on',
    done: 'Answers submitted. Thank you!',
    timeUp: 'Time is up: the answers you gave have been submitted.',
    finished: 'You have completed this activity.',
    error: 'The activity could not start',
    saveError: 'The last answer could not be saved',
    noPackage: 'The test’s content is missing',
    noItem: 'The question could not be loaded',
    answer: 'Answer',
    inlineChoice: 'Choose the word',
    inlineChoicePrompt: 'choose',
    dragHint:
      'With the keyboard: press Enter on an item to pick it up, the arrow keys to choose where to put it and Enter again to drop it; Escape cancels.',
    atLeast: (n) => (n === 1 ? 'Choose at least one answer.' : `Choose at least ${n} answers.`),
    atMost: (n) => (n === 1 ? 'You can choose only one answer.' : `You can choose at most ${n} answers.`),
    answeredSoFar: (n) => (n === 1 ? '1 question answered' : `${n} questions answered`),
    adaptiveNext: 'Confirm and continue',
    adaptiveOffline: 'No connection: the next question comes from the server. Check the network and try again; your answer is not lost.',
    retry: 'Try again',
  },
  es: {
    title: 'Prueba',
    loading: 'Cargando…',
    question: (n, m) => `Pregunta ${n} de ${m}`,
    previous: 'Anterior',
    next: 'Siguiente',
    submit: 'Entregar',
    exit: 'Salir',
    flag: 'Marcar para revisar',
    flagged: 'marcada para revisar',
    answered: 'respondida',
    unanswered: 'sin respuesta',
    list: 'Lista de preguntas',
    listItem: (n, title) => `${n}. ${title}`,
    confirmTitle: '¿Entregar las respuestas?',
    confirmText: 'Después de entregarlas ya no podrás cambiarlas.',
    confirmMissing: 'Revisa estas preguntas antes de entregar:',
    confirmFlagged: 'marcada para revisar',
    confirm: 'Sí, entregar',
    back: 'Volver a las preguntas',
    leavePartTitle: '¿Pasar a la parte siguiente?',
    leavePartText: 'Ya no podrás volver a las preguntas de esta parte.',
    leavePartConfirm: 'Sí, seguir',
    done: 'Respuestas entregadas. ¡Gracias!',
    timeUp: 'Se acabó el tiempo: las respuestas dadas se han entregado.',
    finished: 'Has completado esta actividad.',
    error: 'No se pudo iniciar la actividad',
    saveError: 'No se pudo guardar la última respuesta',
    noPackage: 'Falta el contenido de la prueba',
    noItem: 'No se pudo cargar la pregunta',
    answer: 'Respuesta',
    inlineChoice: 'Elige la palabra',
    inlineChoicePrompt: 'elige',
    dragHint:
      'Con el teclado: pulsa Intro sobre un elemento para tomarlo, las flechas para elegir dónde ponerlo y otra vez Intro para soltarlo; Esc cancela.',
    atLeast: (n) => (n === 1 ? 'Elige al menos una respuesta.' : `Elige al menos ${n} respuestas.`),
    atMost: (n) => (n === 1 ? 'Solo puedes elegir una respuesta.' : `Puedes elegir como máximo ${n} respuestas.`),
    answeredSoFar: (n) => (n === 1 ? '1 pregunta respondida' : `${n} preguntas respondidas`),
    adaptiveNext: 'Confirmar y continuar',
    adaptiveOffline:
      'Sin conexión: la siguiente pregunta llega del servidor. Comprueba la red y vuelve a intentarlo; tu respuesta no se pierde.',
    retry: 'Reintentar',
  },
};
