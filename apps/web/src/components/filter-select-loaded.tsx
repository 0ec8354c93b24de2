// The real Select and MultiSelect behind filter-select.tsx's stand-ins, in a chunk of their own.
export { MultiSelect, Select } from '@mantine/core';
