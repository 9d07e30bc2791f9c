import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type MailerOptions, type OutgoingMail } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Sends now; rejects when the mail could not be handed over. */
      send(mail: OutgoingMail): Promise<void>;
      /**
       * Sends in the background, so the caller's answer does not wait (and its timing tells
       * nothing). Takes a mail, or the promise of one still being prepared (null: nothing to send).
       * Failures, the preparation's included, are logged; closing the app waits for them.
       */
      sendLater(mail: OutgoingMail | Promise<OutgoingMail | null>): void;
    };
  }
}

/** Outgoing mail over SMTP_URL, or into MAIL_DIR as .eml files. Pending sends finish before close. */
export const mail = fp(async (app: FastifyInstance, opts: Omit<MailerOptions, 'log'>) => {
  const mailer = createMailer({ ...opts, log: app.log });
  const pending = new Set<Promise<void>>();

  app.decorate('mail', {
    send: (message: OutgoingMail) => mailer.send(message),
    sendLater(message: OutgoingMail | Promise<OutgoingMail | null>) {
      const sending: Promise<void> = Promise.resolve(message)
        .then(async (ready) => {
          if (ready) await mailer.send(ready);
        })
        .catch((err: unknown) => app.log.error({ err }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
  });

  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    mailer.close();
  });
});
