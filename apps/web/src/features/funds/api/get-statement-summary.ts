// GET /api/funds/statement/summary: a month's statement in figures (the month's spend as the
// dashboards count it, in the reader's time zone) and whether spend booked after the month closed revised it.
import type { StatementSummary } from '@console/core/api/funds';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const useStatementSummary = (userId: number | undefined, month: string, timeZone: string) =>
  useQuery({
    queryKey: ['funds', 'statement', userId ?? 'me', month, timeZone] as const,
    queryFn: () =>
      fetchData<StatementSummary>('/api/funds/statement/summary', {
        month,
        tz: timeZone,
        ...(userId ? { user_primary_id: userId } : {}),
      }),
  });
