// The advertiser's balance in the top bar (spec sections 2 and 6); the API answers micro-units.
import { formatMicros } from '@console/core/format/money';
import { useQuery } from '@tanstack/react-query';
import { localeOf } from '../../lib/format/date-time.ts';
import { fetchData } from '../../lib/http/api-client.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import classes from './shell.module.css';

export const advertiserBalanceQueryKey = (userId: number) => ['advertiser-balance', userId] as const;

export const AdvertiserBalance = ({ userId }: { userId: number }) => {
  const { t, i18n } = useTranslation('layout');
  const locale = localeOf(i18n.language);
  const query = useQuery({
    queryKey: advertiserBalanceQueryKey(userId),
    queryFn: () => fetchData<number>('/api/campaning/getAdvertiserBalance'),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
  const value =
    typeof query.data === 'number'
      ? formatMicros(query.data, locale)
      : query.isError
        ? t('topbar.balanceUnavailable')
        : '…';

  return (
    <output
      className={classes.balance}
      data-testid="advertiser-balance"
      aria-live="polite"
      aria-busy={query.isPending}
    >
      <span className={classes.balanceLabel}>{t('topbar.balance')}</span>
      <span className={classes.balanceValue} data-testid="advertiser-balance-value">
        {value}
      </span>
    </output>
  );
};
