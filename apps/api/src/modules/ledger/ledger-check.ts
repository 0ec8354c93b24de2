// The whole-ledger check: proves, from the entries alone, what the running balances claim. Run by the
// tests after every burst of movements and by admins (GET /api/admin/funds/check). It reads every
// entry, so it is a report, not something to run per request.
import type { LedgerCheck } from '@console/core/api/funds';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';

const MAX_PROBLEMS = 100;

type Row = Record<string, unknown>;

export const checkLedger = async (db: DbOrTx): Promise<LedgerCheck> => {
  // One snapshot for every query, so movements committing meanwhile cannot show as problems.
  return db.transaction(
    async (tx) => {
      const problems: string[] = [];
      const [totals] = await rowsOf<Row>(
        tx,
        sql`select
          (select count(*) from ledger_accounts)::int as accounts,
          (select count(*) from ledger_transfers)::int as transfers,
          count(*)::int as entries,
          coalesce(sum(amount_micros), 0)::text as total
        from ledger_entries`,
      );
      const total = BigInt(String(totals?.total ?? '0'));
      if (total !== 0n) problems.push(`The entries sum to ${total} micro-units, not zero.`);

      const drifted = await rowsOf<Row>(
        tx,
        sql`select a.id, a.balance_micros::text as balance, coalesce(s.total, 0)::text as total
        from ledger_accounts a
        left join (select account_id, sum(amount_micros) as total, count(*) as entries from ledger_entries group by account_id) s
          on s.account_id = a.id
        where a.balance_micros <> coalesce(s.total, 0) or a.entry_count <> coalesce(s.entries, 0)
        order by a.id limit ${MAX_PROBLEMS}`,
      );
      for (const row of drifted) {
        problems.push(`Account ${row.id}: balance ${row.balance} but its entries sum to ${row.total}.`);
      }

      const unbalanced = await rowsOf<Row>(
        tx,
        sql`select t.id, coalesce(sum(e.amount_micros), 0)::text as total, count(e.id)::int as legs
        from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
        group by t.id
        having coalesce(sum(e.amount_micros), 0) <> 0 or count(e.id) < 2
        order by t.id limit ${MAX_PROBLEMS}`,
      );
      for (const row of unbalanced) {
        problems.push(`Transfer ${row.id}: ${row.legs} entries summing to ${row.total}.`);
      }

      // Each entry's balance after = the one before it on the account + its amount, numbered 1, 2, 3...
      const broken = await rowsOf<Row>(
        tx,
        sql`select id, account_id from (
          select id, account_id, account_seq, balance_after_micros,
            sum(amount_micros) over (partition by account_id order by account_seq) as running,
            row_number() over (partition by account_id order by account_seq) as position
          from ledger_entries
        ) chain where balance_after_micros <> running or account_seq <> position
        order by id limit ${MAX_PROBLEMS}`,
      );
      for (const row of broken) {
        problems.push(`Entry ${row.id} on account ${row.account_id}: the balance after it breaks the chain.`);
      }

      return {
        ok: problems.length === 0,
        accounts: Number(totals?.accounts ?? 0),
        transfers: Number(totals?.transfers ?? 0),
        entries: Number(totals?.entries ?? 0),
        total_micros: Number(total),
        problems: problems.slice(0, MAX_PROBLEMS),
        checkedAt: new Date().toISOString(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
};
