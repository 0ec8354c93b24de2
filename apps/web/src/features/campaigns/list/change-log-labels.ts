// What a campaign's change log says in the campaigns' own words: its own action (`exchange-approval`)
// and the names of its codes (statuses and exchange approval states, as the campaign badges say
// them). Field labels come from the shared list (@console/core/change-log-fields). Pure, unit-tested.

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The names of the codes a campaign's change log holds: statuses and exchange approval states. */
export const campaignLogValue =
  (t: Translate) =>
  (field: string, value: string): string | undefined => {
    if (field === 'status') return t(`status.${value}`, { defaultValue: value });
    if (/^exchanges\..+\.state$/.test(field)) return t(`exchangeState.${value}`, { defaultValue: value });
    return undefined;
  };

/** The `labels` of ChangeLogTable for campaigns. */
export const campaignLogLabels = (
  t: Translate,
): { actions: Record<string, string>; values: (field: string, value: string) => string | undefined } => ({
  actions: { 'exchange-approval': t('logActions.exchange-approval') },
  values: campaignLogValue(t),
});
