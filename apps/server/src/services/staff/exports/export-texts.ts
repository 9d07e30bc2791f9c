import type { Role } from '@prova/contract/auth';
import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';

// The words of a results export in the language of the staff member who asked for it, and the conventions of that
// language's spreadsheets: Italian and Spanish ones read `;` between fields and a decimal comma.

type Status = 'not attempted' | 'incomplete' | 'complete';

export interface ExportTexts {
  columns: {
    id: string;
    lastName: string;
    firstName: string;
    email: string;
    role: string;
    language: string;
    invitedAt: string;
    lastActivity: string;
    testsCompleted: string;
    testsTotal: string;
  };
  status: (test: string) => string;
  completedAt: (test: string) => string;
  /** The column of the language a test was taken in. */
  takenIn: (test: string) => string;
  statuses: Record<Status, string>;
  roles: Record<Role, string>;
  languages: Record<LangCode, string>;
  marker: string;
  skill: string;
  area: string;
  norm: { percentile: string; sten: string; low: string; high: string };
  evaluationsDone: string;
  evaluationsTotal: string;
  /** CSV: the field separator and the decimal mark the language's spreadsheets expect. */
  separator: ',' | ';';
  decimal: '.' | ',';
  /** A wall-clock date and time in the language's order. */
  dateTime: (parts: WallClock) => string;
  /** The same for Excel's number format. */
  excelDateTime: string;
}

export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const LANGUAGE_NAMES: Record<LangCode, Record<LangCode, string>> = {
  IT_it: { IT_it: 'Italiano', EN_en: 'Inglese', ES_es: 'Spagnolo' },
  EN_en: { IT_it: 'Italian', EN_en: 'English', ES_es: 'Spanish' },
  ES_es: { IT_it: 'Italiano', EN_en: 'Inglés', ES_es: 'Español' },
};

const dayFirst = (p: WallClock) => `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;

const TEXTS: Record<LangCode, ExportTexts> = {
  IT_it: {
    columns: {
      id: 'id',
      lastName: 'Cognome',
      firstName: 'Nome',
      email: 'Email',
      role: 'Ruolo',
      language: 'Lingua',
      invitedAt: 'Invitato/a il',
      lastActivity: 'Ultima attività',
      testsCompleted: 'Attività completate',
      testsTotal: 'Attività totali',
    },
    status: (test) => `${test} stato`,
    completedAt: (test) => `${test} completata il`,
    takenIn: (test) => `${test} lingua`,
    statuses: { 'not attempted': 'Non iniziata', incomplete: 'In corso', complete: 'Completata' },
    roles: {
      user: 'Candidato/a',
      Assessor: 'Valutatore/trice',
      admin: 'Amministratore/trice',
      superassessor: 'Supervisore',
      operator: 'Operatore/trice',
    },
    languages: LANGUAGE_NAMES.IT_it,
    marker: 'indicatore',
    skill: 'competenza',
    area: 'area',
    norm: { percentile: 'percentile', sten: 'sten', low: 'percentile minimo', high: 'percentile massimo' },
    evaluationsDone: 'Valutazioni 360 date',
    evaluationsTotal: 'Valutazioni 360 da dare',
    separator: ';',
    decimal: ',',
    dateTime: dayFirst,
    excelDateTime: 'dd/mm/yyyy hh:mm',
  },
  EN_en: {
    columns: {
      id: 'id',
      lastName: 'Last name',
      firstName: 'First name',
      email: 'E-mail',
      role: 'Role',
      language: 'Language',
      invitedAt: 'Invited on',
      lastActivity: 'Last activity',
      testsCompleted: 'Activities completed',
      testsTotal: 'Activities in all',
    },
    status: (test) => `${test} status`,
    completedAt: (test) => `${test} completed on`,
    takenIn: (test) => `${test} language`,
    statuses: { 'not attempted': 'Not started', incomplete: 'In progress', complete: 'Completed' },
    roles: { user: 'Candidate', Assessor: 'Assessor', admin: 'Administrator', superassessor: 'Superassessor', operator: 'Operator' },
    languages: LANGUAGE_NAMES.EN_en,
    marker: 'marker',
    skill: 'skill',
    area: 'area',
    norm: { percentile: 'percentile', sten: 'sten', low: 'percentile low', high: 'percentile high' },
    evaluationsDone: '360 evaluations done',
    evaluationsTotal: '360 evaluations total',
    separator: ',',
    decimal: '.',
    dateTime: (p) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`,
    excelDateTime: 'yyyy-mm-dd hh:mm',
  },
  ES_es: {
    columns: {
      id: 'id',
      lastName: 'Apellidos',
      firstName: 'Nombre',
      email: 'Correo electrónico',
      role: 'Rol',
      language: 'Idioma',
      invitedAt: 'Invitado/a el',
      lastActivity: 'Última actividad',
      testsCompleted: 'Actividades completadas',
      testsTotal: 'Actividades en total',
    },
    status: (test) => `${test} estado`,
    completedAt: (test) => `${test} completada el`,
    takenIn: (test) => `${test} idioma`,
    statuses: { 'not attempted': 'No iniciada', incomplete: 'En curso', complete: 'Completada' },
    roles: {
      user: 'Candidato/a',
      Assessor: 'Evaluador/a',
      admin: 'Administrador/a',
      superassessor: 'Supervisor/a',
      operator: 'Operador/a',
    },
    languages: LANGUAGE_NAMES.ES_es,
    marker: 'indicador',
    skill: 'competencia',
    area: 'área',
    norm: { percentile: 'percentil', sten: 'sten', low: 'percentil mínimo', high: 'percentil máximo' },
    evaluationsDone: 'Evaluaciones 360 hechas',
    evaluationsTotal: 'Evaluaciones 360 en total',
    separator: ';',
    decimal: ',',
    dateTime: dayFirst,
    excelDateTime: 'dd/mm/yyyy hh:mm',
  },
};

export const exportTextsFor = (lang: string): ExportTexts =>
  TEXTS[(LANGS as readonly string[]).includes(lang) ? (lang as LangCode) : DEFAULT_LANG];

/** An instant as the clock on the wall of `timeZone` showed it. */
export function wallClock(iso: string, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}
