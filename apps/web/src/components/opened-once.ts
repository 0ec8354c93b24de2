// For a dialog whose module loads the first time it opens: false until `opened` is first true, then
// true for good, so the loaded dialog stays mounted (its closing transition, later openings at once).
import { useState } from 'react';

export const useOpenedOnce = (opened: boolean): boolean => {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
};
