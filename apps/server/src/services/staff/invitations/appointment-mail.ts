import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
import type { OutgoingMail } from '../../mail/mailer';
import type { Entry } from './invitation-mail';

/** The role's name as the mail says it. */
type AppointedRole = 'admin' | 'superassessor';

interface Texts {
  subject: (company: string) => string;
  greeting: (name: string) => string;
  intro: (company: string, role: string) => string;
  roles: Record<AppointedRole, string>;
  setPassword: string;
  expiry: (days: number) => string;
  sso: string;
  signIn: string;
}

const TEXTS: Record<LangCode, Texts> = {
  IT_it: {
    subject: (company) => `Prova: il tuo accesso alla console di ${company}`,
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: (company, role) =>
      `sei stato/a nominato/a ${role} di ${company} su Prova: dalla console gestisci le sue campagne e le sue persone.`,
    roles: { admin: 'amministratore/amministratrice', superassessor: 'supervisore' },
    setPassword: 'Per entrare, scegli la tua password',
    expiry: (days) => `Il link vale ${days} giorni e si può usare una sola volta; poi potrai chiederne un altro dalla pagina di accesso.`,
    sso: "Entra con l'accesso unico della tua azienda",
    signIn: 'Entra con la tua email e la tua password',
  },
  EN_en: {
    subject: (company) => `Prova: your access to the console of ${company}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (company, role) =>
      `you have been appointed ${role} of ${company} on Prova: in the console you run its campaigns and its people.`,
    roles: { admin: 'administrator', superassessor: 'supervisor' },
    setPassword: 'To get in, choose your password',
    expiry: (days) =>
      `The link is valid for ${days} days and can be used once; after that you can ask for another one from the sign-in page.`,
    sso: "Sign in with your company's single sign-on",
    signIn: 'Sign in with your e-mail and password',
  },
  ES_es: {
    subject: (company) => `Prova: tu acceso a la consola de ${company}`,
    greeting: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    intro: (company, role) => `te han nombrado ${role} de ${company} en Prova: desde la consola gestionas sus campañas y sus personas.`,
    roles: { admin: 'administrador/a', superassessor: 'supervisor/a' },
    setPassword: 'Para entrar, elige tu contraseña',
    expiry: (days) =>
      `El enlace es válido durante ${days} días y solo se puede usar una vez; después puedes pedir otro desde la página de acceso.`,
    sso: 'Entra con el acceso único de tu empresa',
    signIn: 'Entra con tu correo y tu contraseña',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Tells a company's new admin or superassessor, in their language, how to get into its console. */
export function appointmentMail(input: {
  to: string;
  firstName: string;
  lang: string | null;
  company: string;
  role: AppointedRole;
  entry: Entry;
}): OutgoingMail {
  const lang = (LANGS as readonly string[]).includes(input.lang ?? '') ? (input.lang as LangCode) : DEFAULT_LANG;
  const t = TEXTS[lang];
  const action = input.entry.kind === 'set-password' ? t.setPassword : input.entry.kind === 'sso' ? t.sso : t.signIn;
  const after = input.entry.kind === 'set-password' ? [t.expiry(input.entry.days)] : [];
  const name = input.firstName.trim();
  const intro = t.intro(input.company, t.roles[input.role]);
  const text = [t.greeting(name), intro, '', `${action}: ${input.entry.link}`, '', ...after, ''].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(name))}<br>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(input.entry.link)}">${escapeHtml(action)}</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { to: input.to, subject: t.subject(input.company), text, html };
}
