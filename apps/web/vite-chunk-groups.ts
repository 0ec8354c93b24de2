// How the signed-in pages' code is cut into files (the budget: <= 250 kB of JS + CSS gzip a page, docs/measuring.md).
// Left to itself the bundler makes a chunk of every set of modules that the same pages share: a
// signed-in page loaded 70-110 files, many under 1 kB, and gzip compresses each on its own (the same
// page as one file was about 10% smaller). A few groups instead:
//   - boot: every module the entry loads statically (react-dom, the login screen, Mantine's base),
//     one file, as /login already loads all of it;
//   - shell: what the signed-in frame loads (router, TanStack Query, the top bar and menu, their
//     Mantine parts) and the helpers every page uses (page frame, load state, toasts);
//   - table: Mantine's Table and Pagination, which the data table and a report's page use;
//   - lists: the data table and what it brings (checkboxes, empty state...), which the dashboard and
//     every list page use.
// The rest (each page's own code, forms' parts) is split as before.
//
// Membership is computed from the module graph at the end of the build. An import from a barrel
// (`import { Button } from '@mantine/core'`) lists every module of the barrel, so the graph is
// walked through the names a module imports instead; otherwise all of Mantine would count as
// loaded by the entry.
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The groups after boot, in the order they take modules (a module goes to the first that reaches it). */
const GROUP_ROOTS: { name: string; roots: string[]; withoutLazyModules?: boolean }[] = [
  {
    name: 'shell',
    roots: [
      '/src/app/signed-in-router.tsx',
      '/src/app/authenticated-app.tsx',
      '/src/components/page-frame.tsx',
      '/src/components/load-state.tsx',
      '/src/components/toast.ts',
      '/src/lib/format/date-time.ts',
      '/src/lib/i18n/i18n.ts',
    ],
  },
  // Mantine's table and pagination (and the badge's sheet) on their own: a report's page shows its
  // rows in them without the data table, which it loaded whole for them (30 kB).
  {
    name: 'table',
    roots: [
      '/@mantine/core/esm/components/Table/',
      '/@mantine/core/esm/components/Pagination/',
      '/@mantine/core/styles/Table.css',
      '/@mantine/core/styles/Pagination.css',
      '/@mantine/core/styles/Badge.css',
    ],
  },
  // The folder's modules that the data table loads on first use (a row's menu, the column chooser)
  // stay chunks of their own: in the group they, and Mantine's Menu and Popover, loaded with every list.
  { name: 'lists', roots: ['/src/components/data-table/'], withoutLazyModules: true },
];

/** Packages whose index re-exports many modules; an import from one is followed name by name. */
const BARRELS: { specifier: string; file: string }[] = [
  { specifier: '@mantine/core', file: '/@mantine/core/esm/index.mjs' },
  { specifier: '@mantine/hooks', file: '/@mantine/hooks/esm/index.mjs' },
  { specifier: '@mantine/notifications', file: '/@mantine/notifications/esm/index.mjs' },
  { specifier: '@tabler/icons-react', file: '/@tabler/icons-react/dist/esm/tabler-icons-react.mjs' },
];

const barrelOf = (id: string) => BARRELS.find((barrel) => id.endsWith(barrel.file));

/** `a, b as c, type d` -> [['a'], ['b', 'c'], ['d']]. */
const namesIn = (list: string): string[][] =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => part.split(/\s+as\s+/));

/** Exported name -> module id, from a barrel's `import { a } from './x'; export { a as b }` and `export { a } from './x'`. */
const exportsOfBarrel = (id: string, code: string): Map<string, string> => {
  const local = new Map<string, string>();
  const out = new Map<string, string>();
  for (const [, names = '', from = ''] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g))
    for (const [name = '', as = name] of namesIn(names)) local.set(as, resolve(dirname(id), from));
  for (const [, names = '', from] of code.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g))
    for (const [name = '', as = name] of namesIn(names)) {
      const target = from ? resolve(dirname(id), from) : local.get(name);
      if (target) out.set(as, target);
    }
  return out;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The groups for `build.rolldownOptions.output.codeSplitting`, and the plugin that fills them. */
export function chunkGroups() {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'console-chunk-groups',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      const barrelExports = new Map<string, Map<string, string>>();
      /** What a module imports statically; through a barrel only the modules of the names it takes. */
      const importsOf = (id: string): string[] => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        const out: string[] = [];
        for (const next of info.importedIds) {
          const barrel = barrelOf(next);
          if (!barrel || barrelOf(id)) {
            out.push(next);
            continue;
          }
          const code = info.code ?? '';
          const from = `\\s*from\\s*["']${escapeRegExp(barrel.specifier)}["']`;
          if (new RegExp(`\\*\\s*as\\s+\\w+${from}`).test(code)) {
            out.push(...(this.getModuleInfo(next)?.importedIds ?? []));
            continue;
          }
          let names = barrelExports.get(next);
          if (!names) {
            names = exportsOfBarrel(next, this.getModuleInfo(next)?.code ?? '');
            barrelExports.set(next, names);
          }
          for (const [, list = ''] of code.matchAll(
            new RegExp(`(?:import|export)\\s*(?:type\\s+)?\\{([^}]*)\\}${from}`, 'g'),
          ))
            for (const [name = ''] of namesIn(list)) {
              const target = names.get(name);
              if (target) out.push(target);
            }
        }
        return out;
      };
      /** Puts into `group` every module reachable from `roots` that no earlier group took. */
      const take = (group: string, roots: string[]) => {
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (groupOf.has(id)) continue;
          groupOf.set(id, group);
          stack.push(...importsOf(id));
        }
      };
      take(
        'boot',
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
      );
      /** Imported only dynamically (loaded on first use). */
      const isLazyOnly = (id: string) => {
        const info = this.getModuleInfo(id);
        return Boolean(info && info.importers.length === 0 && info.dynamicImporters.length > 0);
      };
      for (const { name, roots, withoutLazyModules } of GROUP_ROOTS)
        take(
          name,
          ids.filter(
            (id) => roots.some((root) => id.includes(root)) && !(withoutLazyModules && isLazyOnly(id)),
          ),
        );
    },
  };
  // includeDependenciesRecursively is off: a group takes exactly its modules (with it on, the shell
  // would take the login screen's modules it also uses, and the entry would load the shell).
  const groups = ['boot', ...GROUP_ROOTS.map(({ name }) => name)].map((name, index, all) => ({
    name,
    test: (id: string) => groupOf.get(id) === name,
    priority: all.length - index,
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
