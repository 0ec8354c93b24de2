// Import boundaries (`npm run lint` runs `depcruise`): the rules docs/architecture.md states under
// "Boundaries". Checked on the sources of the apps (tests may reach into what they test).
const API_MODULE = '^apps/api/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'api-module-cycle',
      comment:
        'API modules depend on each other one way only: move what both need to the lower module, to platform/ or to packages/core.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/api/src/modules/[^/]+$' },
      to: { path: '^apps/api/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'api-module-entry-only',
      comment:
        "Another API module is imported through its entry (modules/<name>/index.ts) only; a module's own files import each other directly.",
      severity: 'error',
      from: { path: API_MODULE },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'api-platform-not-modules',
      comment: 'platform/ is below the modules: it never imports apps/api/src/modules.',
      severity: 'error',
      from: { path: '^apps/api/src/(platform|db|config)/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'web-feature-not-other-feature',
      comment: 'A web feature does not import another feature: move what both use to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-not-app',
      comment:
        'A web feature does not import app/ (which imports the features): move the piece to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-not-features',
      comment: 'components/ and lib/ are below the features and app/: they import neither.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` couples modules as much as a value import does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
