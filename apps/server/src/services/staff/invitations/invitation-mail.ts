import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
import { type Gender, genderedText } from '@prova/contract/gendered-text';
import type { OutgoingMail } from '../../mail/mailer';

/** How the invited person gets in: by setting a password first, by the company's single sign-on, or as they already do. */
export type Entry =
  { kind: 'set-password'; link: string; days: number } | { kind: 'sso'; link: string } | { kind: 'sign-in'; link: string };

// The mail speaks to its recipient: its words follow their gender as a bundle's texts do (neutral when not known).
interface Texts {
  subject: (campaign: string, gender: Gender) => string;
  greeting: (name: string) => string;
  intro: (campaign: string, gender: Gender) => string;
  setPassword: string;
  expiry: (days: number) => string;
  sso: string;
  signIn: string;
  dates: (start: string, end: string) => string;
}

const invited = (gender: Gender) => genderedText('[[invitato|invitata|invitato/a]]', gender);

const TEXTS: Record<LangCode, Texts> = {
  IT_it: {
    subject: (campaign, gender) => `Prova: sei ${invited(gender)} a "${campaign}"`,
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: (campaign, gender) => `sei ${invited(gender)} a partecipare alla campagna di valutazione "${campaign}".`,
    setPassword: 'Per entrare, scegli la tua password',
    expiry: (days) => `Il link vale ${days} giorni e si può usare una sola volta; poi potrai chiederne un altro dalla pagina di accesso.`,
    sso: "Entra con l'accesso unico della tua azienda",
    signIn: 'Entra con la tua email e la tua password',
    dates: (start, end) => `La campagna è aperta dal ${start} al ${end}.`,
  },
  EN_en: {
    subject: (campaign) => `Prova: you are invited to "${campaign}"`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (campaign) => `you are invited to take part in the assessment campaign "${campaign}".`,
    setPassword: 'To get in, choose your password',
    expiry: (days) =>
      `The link is valid for ${days} days and can be used once; after that you can ask for another one from the sign-in page.`,
    sso: "Sign in with your company's single sign-on",
    signIn: 'Sign in with your e-mail and password',
    dates: (start, end) => `The campaign is open from ${start} to ${end}.`,
  },
  ES_es: {
    subject: (campaign) => `Prova: te invitamos a "${campaign}"`,
    greeting: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    intro: (campaign) => `te invitamos a participar en la campaña de evaluación "${campaign}".`,
    setPassword: 'Para entrar, elige tu contraseña',
    expiry: (days) =>
      `El enlace es válido durante ${days} días y solo se puede usar una vez; después puedes pedir otro desde la página de acceso.`,
    sso: 'Entra con el acceso único de tu empresa',
    signIn: 'Entra con tu correo y tu contraseña',
    dates: (start, end) => `La campaña está abierta del ${start} al ${end}.`,
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const LOCALES: Record<LangCode, string> = { IT_it: 'it-IT', EN_en: 'en-GB', ES_es: 'es-ES' };

/** An invitation to a campaign, in the person's language and gender, with the one link they need. */
export function invitationMail(input: {
  to: string;
  firstName: string;
  gender: Gender;
  lang: string | null;
  campaign: string;
  dateStart: string;
  dateEnd: string;
  entry: Entry;
}): OutgoingMail {
  const lang = (LANGS as readonly string[]).includes(input.lang ?? '') ? (input.lang as LangCode) : DEFAULT_LANG;
  const t = TEXTS[lang];
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });
  const action = input.entry.kind === 'set-password' ? t.setPassword : input.entry.kind === 'sso' ? t.sso : t.signIn;
  const after = input.entry.kind === 'set-password' ? [t.expiry(input.entry.days)] : [];
  const name = input.firstName.trim();
  const dates = t.dates(day(input.dateStart), day(input.dateEnd));
  const text = [
    t.greeting(name),
    t.intro(input.campaign, input.gender),
    dates,
    '',
    `${action}: ${input.entry.link}`,
    '',
    ...after,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(name))}<br>${escapeHtml(t.intro(input.campaign, input.gender))}<br>${escapeHtml(dates)}</p>`,
    `<p><a href="${escapeHtml(input.entry.link)}">${escapeHtml(action)}</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { to: input.to, subject: t.subject(input.campaign, input.gender), text, html };
}
