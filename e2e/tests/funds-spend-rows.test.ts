// Spend in the funds history, in Chromium: the demo advertiser's campaign wins one impression at a
// $2.40 CPM (a fraction of a cent). Her history shows the bidder's spend transfer as words, "1
// impression" and the campaign's name (not the raw `imps:imp:...` reference), and its exact amount
// in red (never "$0.00"); in German the same row reads "1 Impression", money has German digits
// ("-$0,0024", "$4.978,88"), the date filters take German dates (TT.MM.JJJJ), and an amount typed
// the German way ("1.500") is read as German writes it.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi } from '../support/campaign-api.ts';
import { checkA11yAtRest, shownText } from '../support/console.ts';
import { PRICE_MACRO, wonBid } from '../support/openrtb.ts';

const e2e = useE2E({ ownSeed: true });
const { api, tokenOf } = campaignApi(e2e);
/** The machine may be busy: give the console time to answer. */
const SLOW = { timeout: 15_000 };

describe('spend in the funds history', () => {
  it('reads "1 impression" and the campaign, with the exact amount of a fraction of a cent', async () => {
    const bid = await wonBid(e2e.server.baseURL, `e2e-funds-${Date.now()}`);
    expect((await fetch(bid.nurl.replace(PRICE_MACRO, '2.40'))).status).toBe(204);
    const token = await tokenOf(DEMO_USERS.advertiser.email);
    const campaign = await api<{ name: string }>('GET', `/api/campaigns/${bid.cid}`, token);
    const history = await api<{ items: { kind: string; amount_micros: number; reference: string }[] }>(
      'GET',
      '/api/funds/history?kind=SPEND&limit=1',
      token,
    );
    const spend = history.items[0]!;
    expect(spend.reference).toMatch(/^imps:imp:.*:1$/);
    // Under half a cent: formatMicros would read "$0.00".
    expect(-spend.amount_micros).toBeLessThan(5_000);
    const exact = `-$0.00${String(-spend.amount_micros).padStart(4, '0').replace(/0+$/, '')}`;

    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/funds');
    const row = page.locator('[data-testid^="funds-history-row-"]').first();
    await expect
      .poll(() => shownText(row.getByTestId('funds-reference')), SLOW)
      .toBe(`1 impression · ${campaign.name}`);
    expect(await shownText(row.getByTestId('funds-amount'))).toBe(exact);
    expect(await shownText(row)).not.toContain('imps:imp:');
    await checkA11yAtRest(page);

    await page.getByTestId('language-picker').selectOption('gr');
    await expect
      .poll(
        () =>
          shownText(
            page.locator('[data-testid^="funds-history-row-"]').first().getByTestId('funds-reference'),
          ),
        SLOW,
      )
      .toBe(`1 Impression · ${campaign.name}`);
    // German digits: the exact amount with a decimal comma, the balance grouped by points.
    const firstRow = page.locator('[data-testid^="funds-history-row-"]').first();
    expect(await shownText(firstRow.getByTestId('funds-amount'))).toBe(exact.replace('.', ','));
    expect(await shownText(page.getByTestId('funds-available'))).toMatch(/^\$\d{1,3}(\.\d{3})*,\d{2}$/);
    // The date filters read and take German dates (not the browser's mm/dd/yyyy).
    const from = page.getByTestId('funds-filter-from');
    expect(await from.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
    await from.fill('1.1.2020');
    await expect.poll(() => new URL(page.url()).searchParams.get('from'), SLOW).toBe('2020-01-01');
    await from.blur();
    expect(await from.inputValue()).toBe('01.01.2020');

    // The statement's month is named in German (the browser's month input wrote its own language),
    // and choosing one asks for that month's figures.
    const month = page.getByTestId('funds-statement-month');
    const now = new Date();
    const chosenName = () =>
      month.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text);
    expect(await chosenName()).toBe(
      new Intl.DateTimeFormat('de', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now),
    );
    const march = `${now.getUTCFullYear() - 1}-03`;
    const asked = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/api/funds/statement/summary' && url.searchParams.get('month') === march;
    });
    await month.selectOption({ label: `März ${now.getUTCFullYear() - 1}` });
    await asked;
    expect(await month.inputValue()).toBe(march);

    // Money typed in German: "1.500" is fifteen hundred dollars (read the English way it was $1.50).
    const threshold = page.getByTestId('funds-low-balance-threshold');
    await threshold.fill('1.500');
    await page.getByTestId('funds-low-balance-save').click();
    await expect.poll(() => shownText(page.getByTestId('funds-low-balance')), SLOW).toContain('$1.500,00');
    await expect.poll(() => threshold.inputValue(), SLOW).toBe('1500,00');
    await page.getByTestId('funds-low-balance-off').click();
    await expect.poll(() => threshold.inputValue(), SLOW).toBe('');
  });
});
