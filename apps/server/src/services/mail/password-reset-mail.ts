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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The link: /new_password/:token/:email. */
export function newPasswordLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/new_password/${encodeURIComponent(token)}/${encodeURIComponent(email)}`;
}

export function passwordResetMail(input: { to: string; firstName: string; lang: string | null; link: string }): OutgoingMail {
  const lang = (LANGS as readonly string[]).includes(input.lang ?? '') ? (input.lang as LangCode) : DEFAULT_LANG;
  const t = TEXTS[lang];
  const minutes = Math.round(PASSWORD_RESET_TTL_MS / 60_000);
  const name = input.firstName.trim();
  const text = [t.greeting(name), t.intro, '', `${t.action}: ${input.link}`, '', t.expiry(minutes), t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(name))}<br>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(t.expiry(minutes))}<br>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t.subject, text, html, links: [input.link] };
}
