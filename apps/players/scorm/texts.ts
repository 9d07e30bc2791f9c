// The player's own words (the course's are its own). ProvaKit.texts picks the session's language.
export interface PlayerTexts {
  title: string;
  loading: string;
  startFailed: string;
  noPackage: string;
  noDelivery: string;
  scoFailed: string;
  finished: string;
  finishedNow: string;
  timeUp: string;
  saveFailed: string;
  exit: string;
}

export const TEXTS: Record<'it' | 'en' | 'es', PlayerTexts> = {
  it: {
    title: 'Corso',
    loading: 'Caricamento del corso…',
    startFailed: 'Impossibile avviare il corso',
    noPackage: 'Questo test non indica quale corso aprire. Avvisa chi organizza la valutazione.',
    noDelivery: 'Il corso di questo test non è disponibile. Avvisa chi organizza la valutazione.',
    scoFailed: 'Il corso non si è caricato. Riprova più tardi; se succede ancora, avvisa chi organizza la valutazione.',
    finished: 'Hai completato questo corso. Le tue risposte sono già state registrate.',
    finishedNow: 'Corso completato. Grazie!',
    timeUp: 'Tempo scaduto: il corso è stato consegnato con quello che hai fatto finora.',
    saveFailed: 'Impossibile salvare i progressi del corso',
    exit: 'Esci',
  },
  en: {
    title: 'Course',
    loading: 'Loading the course…',
    startFailed: 'The course could not start',
    noPackage: 'This test does not say which course to open. Please tell the people running the assessment.',
    noDelivery: 'The course of this test is not available. Please tell the people running the assessment.',
    scoFailed: 'The course did not load. Try again later; if it happens again, tell the people running the assessment.',
    finished: 'You have completed this course. Your answers have already been recorded.',
    finishedNow: 'Course completed. Thank you!',
    timeUp: 'Time is up: the course has been handed in with what you have done so far.',
    saveFailed: 'The course progress could not be saved',
    exit: 'Exit',
  },
  es: {
    title: 'Curso',
    loading: 'Cargando el curso…',
    startFailed: 'No se pudo iniciar el curso',
    noPackage: 'Esta prueba no indica qué curso abrir. Avisa a quien organiza la evaluación.',
    noDelivery: 'El curso de esta prueba no está disponible. Avisa a quien organiza la evaluación.',
    scoFailed: 'El curso no se ha cargado. Inténtalo más tarde; si vuelve a ocurrir, avisa a quien organiza la evaluación.',
    finished: 'Has completado este curso. Tus respuestas ya están registradas.',
    finishedNow: 'Curso completado. ¡Gracias!',
    timeUp: 'Se acabó el tiempo: el curso se ha entregado con lo que has hecho hasta ahora.',
    saveFailed: 'No se pudo guardar el progreso del curso',
    exit: 'Salir',
  },
};
