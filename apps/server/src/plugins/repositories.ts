import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { announcingTransaction } from '../db/change-feed';
import type { DatabaseHandle } from '../db/database';
import { createRepositories, type Repositories } from '../repositories/create-repositories';
import { type AccessCache, createAccessCache } from '../services/access-cache';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    repos: Repositories;
    /** Sessions, participations and campaign tests of the hot paths, kept for a few seconds. */
    accessCache: AccessCache;
    /** Runs `work` in one transaction, with every repository bound to it. */
    withTransaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  }
}

/**
 * The one way to reach the data layer: every repository attached to the instance, and a transaction
 * helper. Plugins that query declare `dependencies: ['repositories']`. The importer, which runs without
 * a server, is the one place that builds its own.
 */
export const repositories = fp(
  async (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
    app.decorate('database', opts.database);
    const { db, changes, writeDurably, writeWithoutSync } = opts.database;
    const accessCache = createAccessCache(changes);
    app.decorate('repos', withSharedReads(createRepositories(db, { changes, writeDurably, writeWithoutSync }), accessCache));
    // Its changes go out in one statement and leave at commit (a password change ends sessions): the request is
    // answered once every instance has heard them.
    app.decorate('withTransaction', <T>(work: (repos: Repositories) => Promise<T>) =>
      announcingTransaction(db, changes, (trx, inTransaction) => work(createRepositories(trx, { changes: inTransaction }))),
    );
    app.decorate('accessCache', accessCache);
    app.addHook('onClose', async () => accessCache.close());
  },
  { name: 'repositories' },
);

/**
 * What every candidate of a campaign reads alike (its tests, its content, the languages' names) comes from the access
 * cache: the room's reads then cost only what is the caller's own. Not in transactions (their own repositories).
 */
function withSharedReads(repos: Repositories, cache: AccessCache): Repositories {
  const { tests, campaigns } = repos;
  return {
    ...repos,
    tests: { ...tests, listForCampaign: (campaignId) => cache.campaignTestList(campaignId, () => tests.listForCampaign(campaignId)) },
    campaigns: {
      ...campaigns,
      languageNames: () => cache.languageNames(() => campaigns.languageNames()),
      contentOf: (campaignId) => cache.campaignContent(campaignId, () => campaigns.contentOf(campaignId)),
    },
  };
}
