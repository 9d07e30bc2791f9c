import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
import type { OutgoingMail } from '../../mail/mailer';

// The notice staff get a month before retention erases people of their company: who, and when.

interface Texts {
  subject: (count: number) => string;
  greeting: (name: string) => string;
  intro: (days: number) => string;
  what: string;
  where: string;
  day: (date: string) => string;
}

const TEXTS: Record<LangCode, Texts> = {
  IT_it: {
    subject: (count) =>
      `Prova: ${count === 1 ? '1 persona sarà cancellata' : `${count} persone saranno cancellate`} per la conservazione dei dati`,
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: (days) =>
      `entro ${days} giorni il periodo di conservazione dei dati della tua azienda cancellerà i dati personali di queste persone:`,
    what: 'Andranno nome, email, sessioni e testi che li nominano; i risultati restano anonimi o vengono rimossi, come dice l’impostazione dell’azienda.',
    where: 'L’elenco è anche nella console, alla pagina Azienda.',
    day: (date) => `il ${date}`,
  },
  EN_en: {
    subject: (count) => `Prova: ${count === 1 ? '1 person' : `${count} people`} to be erased by data retention`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (days) => `within ${days} days your company's data retention period will erase the personal data of these people:`,
    what: "Their name, e-mail, sessions and the text naming them go; their results stay anonymous or are removed, as your company's setting says.",
    where: 'The list is also in the console, on the Company page.',
    day: (date) => `on ${date}`,
  },
  ES_es: {
    subject: (count) =>
      `Prova: ${count === 1 ? '1 persona será borrada' : `${count} personas serán borradas`} por la conservación de datos`,
    greeting: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    intro: (days) => `en ${days} días el periodo de conservación de datos de tu empresa borrará los datos personales de estas personas:`,
    what: 'Se borrarán su nombre, correo, sesiones y los textos que los nombran; sus resultados quedan anónimos o se eliminan, según la configuración de la empresa.',
    where: 'La lista también está en la consola, en la página Empresa.',
    day: (date) => `el ${date}`,
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function retentionNoticeMail(input: {
  to: string;
  firstName: string;
  lang: string | null;
  days: number;
  people: ReadonlyArray<{ firstName: string; lastName: string; email: string; eraseOn: Date }>;
}): OutgoingMail {
  const lang = (LANGS as readonly string[]).includes(input.lang ?? '') ? (input.lang as LangCode) : DEFAULT_LANG;
  const t = TEXTS[lang];
  const lines = input.people.map(
    (p) => `${`${p.firstName} ${p.lastName}`.trim()} <${p.email}>, ${t.day(p.eraseOn.toISOString().slice(0, 10))}`,
  );
  return {
    to: input.to,
    subject: t.subject(input.people.length),
    text: [t.greeting(input.firstName), '', t.intro(input.days), '', ...lines.map((l) => `- ${l}`), '', t.what, t.where].join('\n'),
    html: [
      `<p>${escapeHtml(t.greeting(input.firstName))}</p>`,
      `<p>${escapeHtml(t.intro(input.days))}</p>`,
      `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(t.what)}</p>`,
      `<p>${escapeHtml(t.where)}</p>`,
    ].join('\n'),
  };
}
