import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** Statements an import runs between two turns of the event loop. */
const STATEMENTS_PER_STEP = 50;

/**
 * Lets the event loop turn every few statements of the import's transaction. On SQLite a statement
 * runs on the server's own thread and its promise settles at once, so thousands of writes in a row
 * would otherwise hold up every other request until the last one (reads go on between steps; other
 * writes wait for the transaction, as they must).
 */
export function inSteps(): KyselyPlugin {
  let count = 0;
  return {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (++count % STATEMENTS_PER_STEP === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      return args.result;
    },
  };
}
