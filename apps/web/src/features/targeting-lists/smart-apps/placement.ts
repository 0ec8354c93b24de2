// A smart-app list's place on the taxonomy as one line: "Games › Puzzle › Match 3".
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';

export const placementOf = (list: Pick<SmartAppListItem, 'category' | 'genre' | 'subgenre'>) =>
  [list.category.name, list.genre?.name, list.subgenre?.name].filter(Boolean).join(' › ');
