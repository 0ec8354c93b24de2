// GET/PUT /api/report/event-config: the user's conversion events (key event1.. or event_{name},
// event_name, event_status); their order numbers the report columns E{n}-{name}.
import type { EventConfigItem } from '@console/core/api/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPut, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

export type LabelledEvent = EventConfigItem & { label: string };
const KEY = ['settings', 'event-config'] as const;

export const useEventConfig = () =>
  useQuery({ queryKey: KEY, queryFn: () => fetchData<LabelledEvent[]>('/api/report/event-config') });

export const useSaveEventConfig = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (events: EventConfigItem[]) =>
      unwrapResult(await apiPut<LabelledEvent[]>('/api/report/event-config', { events })),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
};
