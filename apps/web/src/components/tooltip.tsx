// Mantine's Tooltip as a module of its own, for OnDemandTooltip (on-demand.tsx): loaded on first hover.
export { Tooltip as default } from '@mantine/core';
