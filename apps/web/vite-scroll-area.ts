// Mantine's ScrollArea takes one helper from @floating-ui/react (useMergeRefs, to merge its viewport's
// refs), and with it the whole module: Table imports ScrollArea for Table.ScrollContainer, so every
// page with a table (a report's page too) loaded floating-ui (about 15 kB gzip) though nothing on it
// floats. Mantine's own useMergedRef (@mantine/hooks) does the same for a fixed list of refs.
import type { Plugin } from 'vite';

const SCROLL_AREA = /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/;
const FLOATING_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';

export const scrollAreaWithoutFloatingUi = (): Plugin => ({
  name: 'console-scroll-area-without-floating-ui',
  enforce: 'pre',
  transform(code, id) {
    if (!SCROLL_AREA.test(id)) return null;
    // A Mantine update that drops or renames the import fails the build here rather than silently.
    if (!code.includes(FLOATING_IMPORT)) throw new Error(`${id}: no "${FLOATING_IMPORT}" to replace`);
    return code.replace(
      FLOATING_IMPORT,
      'import { useMergedRef as __useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => __useMergedRef(...refs);',
    );
  },
});
