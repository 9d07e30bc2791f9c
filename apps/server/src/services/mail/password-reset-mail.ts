import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
import { PASSWORD_RESET_TTL_MS } from '@prova/contract/password';
import type { OutgoingMail } from './mailer';

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  action: string;
  expiry: (minutes: number) => string;
  ignore: string;
}

const TEXTS: Record<LangCode, Texts> = {
  IT_it: {
    subject: 'Prova: reimposta la tua password',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: 'abbiamo ricevuto una richiesta di reset della password del tuo account.',
    action: 'Scegli una nuova password',
    expiry: (minutes) => `Il link vale ${minutes} minuti e si può usare una sola volta.`,
    ignore: 'Se non hai chiesto tu il reset, ignora questa email: la tua password resta invariata.',
  },
  EN_en: {
    subject: 'Prova: reset your password',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'we received a request to reset the password of your account.',
    action: 'Choose a new password',
    expiry: (minutes) => `The link is valid for ${minutes} minutes and can be used only once.`,
    ignore: 'If you did not ask for a reset, ignore this e-mail: your password stays as it is.',
  },
  ES_es: {
    subject: 'Prova: restablece tu contraseña',
    greeting: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    intro: 'hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
    action: 'Elige una nueva contraseña',
    expiry: (minutes) => `El enlace es válido durante ${minutes} minutos y solo se puede usar una vez.`,
    ignore: 'Si no has pedido el restablecimiento, ignora este correo: tu contraseña no cambia.',
  },
};

/** The same mail for someone who has no password yet and tried to sign in: what differs. */
const FIRST_PASSWORD: Record<LangCode, Pick<Texts, 'subject' | 'intro' | 'action' | 'ignore'>> = {
  IT_it: {
    subject: 'Prova: scegli la tua password',
    intro: 'hai provato ad accedere, ma il tuo account non ha ancora una password: sceglila dal link qui sotto, poi accedi con quella.',
    action: 'Scegli la tua password',
    ignore: 'Se non hai provato tu ad accedere, ignora questa email: senza questo link nessuno può scegliere la password al posto tuo.',
  },
  EN_en: {
    subject: 'Prova: choose your password',
    intro: 'you tried to sign in, but your account has no password yet: choose one through the link below, then sign in with it.',
    action: 'Choose your password',
    ignore: 'If it was not you trying to sign in, ignore this e-mail: without this link nobody can choose the password for you.',
  },
  ES_es: {
    subject: 'Prova: elige tu contraseña',
    intro: 'has intentado entrar, pero tu cuenta aún no tiene contraseña: elígela con el enlace de abajo y luego entra con ella.',
    action: 'Elige tu contraseña',
    ignore: 'Si no has sido tú quien ha intentado entrar, ignora este correo: sin este enlace nadie puede elegir la contraseña por ti.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The link: /new_password/:token/:email. */
export function newPasswordLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/new_password/${encodeURIComponent(token)}/${encodeURIComponent(email)}`;
}

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  lang: string | null;
  link: string;
  /** `first`: the person has no password yet (they tried to sign in); `reset` (default): they asked for a reset. */
  kind?: 'reset' | 'first';
}): OutgoingMail {
  const lang = (LANGS as readonly string[]).includes(input.lang ?? '') ? (input.lang as LangCode) : DEFAULT_LANG;
  const t = input.kind === 'first' ? { ...TEXTS[lang], ...FIRST_PASSWORD[lang] } : TEXTS[lang];
  const minutes = Math.round(PASSWORD_RESET_TTL_MS / 60_000);
  const name = input.firstName.trim();
  const text = [t.greeting(name), t.intro, '', `${t.action}: ${input.link}`, '', t.expiry(minutes), t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(name))}<br>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(t.expiry(minutes))}<br>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t.subject, text, html };
}
