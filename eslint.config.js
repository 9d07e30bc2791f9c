// Lint for every workspace: TypeScript rules, no import cycles, and the boundaries of the structure
// (docs/ARCHITECTURE.md), so that they are kept by the tools rather than remembered.
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** `import-x/no-restricted-paths` zones: who may not import whom. */
const zones = [
  // Packages are shared by the apps and never depend on them.
  { target: './packages', from: './apps', message: 'Packages never import apps.' },

  // Web: app -> features -> components/lib/config; features never import each other.
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: compose them in a route (src/app), or move the shared part to components/ or lib/.',
  })),
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features never import the app layer.' },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code never imports features or the app layer.',
  },

  // Server: routes -> policies/services -> repositories -> db.
  {
    target: './apps/server/src/repositories',
    from: [
      './apps/server/src/routes',
      './apps/server/src/plugins',
      './apps/server/src/policies',
      './apps/server/src/services',
      './apps/server/src/presenters',
      './apps/server/src/http',
    ],
    message: 'Repositories only query the database: no HTTP, presenters or higher layers.',
  },
  {
    target: ['./apps/server/src/policies', './apps/server/src/services', './apps/server/src/presenters', './apps/server/src/domain'],
    from: './apps/server/src/routes',
    message: 'Only app.ts registers routes; nothing imports them.',
  },
  {
    target: './apps/server/src/domain',
    from: [
      './apps/server/src/repositories',
      './apps/server/src/plugins',
      './apps/server/src/policies',
      './apps/server/src/services',
      './apps/server/src/presenters',
      './apps/server/src/http',
    ],
    message: 'Domain rules depend on nothing but the contract.',
  },
  {
    target: './apps/server/src/policies',
    from: './apps/server/src/presenters',
    message: 'Policies decide who may do what from domain/ rules (roles, consent, content language), never from presenters.',
  },
  {
    target: './apps/server/src/routes',
    from: './apps/server/src/db',
    except: ['./schema.ts', './json-column.ts'],
    message: 'Handlers never write SQL: go through a repository.',
  },
];
/** Above the repositories (tests aside, which open their own databases), only what is not SQL comes from db/. */
const sqlZone = {
  target: ['./apps/server/src/services', './apps/server/src/policies', './apps/server/src/presenters', './apps/server/src/domain'],
  from: './apps/server/src/db',
  except: ['./schema.ts', './json-column.ts', './change-feed.ts'],
  message:
    'SQL is written in db/ and repositories/ only (and the importer, import/, the one exception): above them, the row types and change feed (JSON columns: see jsonColumnsOutsideRepositories).',
};

/**
 * The server's product rules have one home, domain/ (docs/ARCHITECTURE.md): these selectors keep their copies out.
 * One list, because a later `no-restricted-syntax` replaces an earlier one for the same files.
 */
const serverRuleSyntax = [
  {
    selector: 'Literal[raw="360"]',
    message:
      "The 360 questionnaire is TEST_360_ID (@prova/contract/limits); which tests are a candidate's own is domain/candidate-tests.ts.",
  },
  {
    selector: 'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(Assessor|admin|superassessor|operator)$/]',
    message: 'Roles are read through domain/roles.ts (isStaff, isAssessor) or OPERATOR_ROLE, not compared by name.',
  },
  {
    selector: 'NewExpression[callee.name="HttpError"][arguments.0.value=400]',
    message:
      'A body the rules refuse is 422 (invalidBody in http/http-error.ts), as a schema refusal is; 400 is for a malformed path or query only (http/validation-error.ts).',
  },
];

const rulesFromPresenters = {
  regex: '(^|/)present-[a-z-]+$',
  importNames: ['isStaff', 'isAssessor', 'permissionsOf', 'hasConsent', 'contentLang', 'campaignLanguages'],
  message: 'Roles, consent and content language are product rules: import them from domain/ (roles.ts, consent.ts, content-language.ts).',
};
/** JSON columns are parsed once, in the repository that reads them (docs/ARCHITECTURE.md, "JSON columns"). */
const jsonColumnsOutsideRepositories = {
  regex: '(^|/)db/json-column(\\.ts)?$',
  message:
    'JSON columns are parsed in their repository, through the schema of what they hold (repositories/json-column-readers.ts): take the parsed value from it.',
};
/**
 * Nor is a column's JSON text parsed by hand above the repositories: `JSON.parse` in services, presenters, domain rules,
 * policies and routes is an error (its own rule, no-restricted-properties, so that it adds to each folder's
 * no-restricted-syntax rather than replacing it).
 */
const jsonParseOutsideRepositories = {
  object: 'JSON',
  property: 'parse',
  message:
    'JSON columns come parsed from their repository, through the schema of what they hold (repositories/json-column-readers.ts: readColumn, storedText). Text that is no column (an answer, a cookie) is parsed in a file of parsesNoColumn, with why.',
};
/** The files above the repositories that parse JSON text that is not a column of theirs, and what it is. */
const parsesNoColumn = [
  // An identity provider's discovery document, fetched to check a company's connection.
  'apps/server/src/services/sso/check-connection.ts',
  // The SSO state cookie, sealed and opened by the server itself.
  'apps/server/src/services/sso/sso-state-cookie.ts',
  // What a scoring script answers from its worker.
  'apps/server/src/services/scoring/run-algorithm.ts',
  // Any stored text an erasure rewrites, JSON or not, rewritten as it is (JSON kept JSON).
  'apps/server/src/domain/erasure-text.ts',
];
const kyselyOutsideSql = {
  name: 'kysely',
  message: 'SQL is written in db/, repositories/ and the importer (import/) only: ask a repository (docs/ARCHITECTURE.md).',
};

/** The built server and importer are started through @prova/test-support/shipped-server only (tests, specs, bench). */
const launcherSyntax = ['Literal[value=/(^|\\/)(server|import)\\.js$/]', 'TemplateElement[value.raw=/(^|\\/)(server|import)\\.js$/]'].map(
  (selector) => ({
    selector,
    message:
      'Start the built server and importer through @prova/test-support/shipped-server (ShippedServer, importWithShippedImporter, shippedBundles), the one launcher.',
  }),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/activity-sdk/released/**',
      'apps/server/dist-*/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Dependencies are parsed too, to follow cycles through them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // A source file past 500 lines is several things to split (the staff contract was eleven resources in one).
    // The three left are one thing each: the bundle's one validation pass, the queue's state machine, the
    // compiler of QTI's expressions.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/server/src/import/validate-bundle.ts',
      'apps/web/src/lib/sending-queue/sending-queue.ts',
      'packages/qti/src/scoring/compile.ts',
    ],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: true }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-delivery-fixtures.ts', 'apps/server/src/domain/roles.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...serverRuleSyntax],
      'no-restricted-imports': ['error', { paths: [kyselyOutsideSql], patterns: [rulesFromPresenters, jsonColumnsOutsideRepositories] }],
      'import-x/no-restricted-paths': ['error', { zones: [...zones, sqlZone] }],
    },
  },
  {
    files: ['apps/server/src/{services,presenters,domain,policies,routes}/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-delivery-fixtures.ts', ...parsesNoColumn],
    rules: { 'no-restricted-properties': ['error', jsonParseOutsideRepositories] },
  },
  // Where SQL is written: the database's own code, the repositories, and the importer (its one transaction of many
  // statements, docs/ARCHITECTURE.md).
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/repositories/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rulesFromPresenters] }] },
  },
  {
    files: ['apps/server/src/import/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rulesFromPresenters, jsonColumnsOutsideRepositories] }] },
  },
  // Every API request builds its caller's context here, and every handler reads it. On Node 20 an object
  // literal with a spread before other properties gets a hidden class of its own each time once optimised,
  // so every read of it misses V8's caches (docs/performance.md, "Contexts with named fields").
  {
    files: ['apps/server/src/policies/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...serverRuleSyntax,
        {
          selector: 'ObjectExpression > SpreadElement ~ Property',
          message:
            'Name the fields of a context rather than spreading one and adding to it: `{ ...a, b }` makes a new hidden class for every object on Node 20.',
        },
      ],
    },
  },
  // Handlers read as validate, authorise, do, present: a service does, and answers with what it did, never a reply.
  {
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...serverRuleSyntax,
        {
          selector: "ImportSpecifier[imported.name='FastifyReply']",
          message: 'A service never writes a FastifyReply: answer with a value or throw an HttpError, and let the route send it.',
        },
      ],
    },
  },
  // Tests, browser specs and the bench start the built server one way, @prova/test-support/shipped-server
  // (ShippedServer, shippedBuild, shippedBundles): nothing else names its bundles.
  {
    files: ['apps/server/test/**/*.ts', 'bench/**/*.ts', 'apps/server/src/**/*.test.ts'],
    ignores: ['apps/server/src/policies/**'],
    rules: { 'no-restricted-syntax': ['error', ...launcherSyntax] },
  },
  // The bench is a workspace of its own: what it uses of the server's sources is the curated entry, nothing deeper.
  {
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/src/**', '**/server/src/**'],
              message: 'Import the server through @prova/server/bench (apps/server/src/bench.ts).',
            },
          ],
        },
      ],
    },
  },
  // The browser specs besides: their fixed ports come from one list, their test data's numbers from uniqueId().
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures/ports.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...launcherSyntax,
        {
          selector: "MemberExpression[object.object.name='process'][object.property.name='env'][property.name=/^E2E_(SMTP_)?PORT$/]",
          message: "The run's fixed ports are E2E_PORTS (e2e/fixtures/ports.ts); any other process takes a free port.",
        },
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'Numbers of test data come from uniqueId() (e2e/fixtures/seed.ts), claimed so that no two tests of a run share one.',
        },
      ],
    },
  },
  // Component tests fake the API one way, src/testing/fake-api.ts (answers by method and path, the calls kept).
  {
    files: ['apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='stubGlobal'][arguments.0.value='fetch']",
          message: 'Fake the API with fakeApi from @/testing/fake-api, the one fake of the API for component tests.',
        },
      ],
    },
  },
  // Migrations work on the schema of their time (Kysely<any>); tests poke at rows and answers.
  {
    files: ['apps/server/src/db/migrations/**', '**/*.test.ts', '**/test-delivery-fixtures.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Activities and the activity kit are plain browser scripts with no build step.
  {
    files: ['activities/**/*.js', 'packages/activity-sdk/kit/**/*.js', 'e2e/fixtures/third-party-activity/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, ProvaActivity: 'readonly' } },
    rules: { 'no-var': 'off', '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }] },
  },
  // Hand-written content packages (SCORM courses): plain scripts sharing globals across files, as exported.
  {
    files: ['packages/test-support/content/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    rules: { 'no-var': 'off', '@typescript-eslint/no-unused-vars': ['error', { args: 'none', vars: 'local' }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/activity-sdk/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
