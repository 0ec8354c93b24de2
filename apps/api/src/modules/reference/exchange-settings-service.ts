// An exchange's notice settings (ADMIN and CO-ADMIN): its notice window and its winning-price keys,
// sealed like DSP credentials (delivery/exchange-price-keys.ts) and never answered: only whether they
// are set and their fingerprint. A change is recorded in the exchange's change log (action 'config',
// the fingerprint in place of the keys), whose notice makes every bidder process reload its index, so
// holds and price decoding follow at once.
import {
  type ExchangeSettings,
  type ExchangeSettingsInput,
  PRICE_KEYS_NEEDED_MESSAGE,
} from '@console/core/api/exchange-settings';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { openPriceKeys, priceKeysFingerprint, sealPriceKeys } from '../delivery/index.ts';

type SettingsRow = Pick<
  typeof exchanges.$inferSelect,
  'id' | 'noticeWindowSeconds' | 'priceKeysSealed' | 'updatedAt'
>;

const settingsColumns = {
  id: exchanges.id,
  noticeWindowSeconds: exchanges.noticeWindowSeconds,
  priceKeysSealed: exchanges.priceKeysSealed,
  updatedAt: exchanges.updatedAt,
};

/** The fingerprint of sealed keys, or null when they no longer open (the server's secret changed). */
const fingerprintOf = async (box: SecretBox, sealed: string): Promise<string | null> => {
  try {
    return priceKeysFingerprint(await openPriceKeys(box, sealed));
  } catch {
    return null;
  }
};

/** Keys as the change log names them: their fingerprint, or a placeholder of its shape when unreadable. */
const logPrintOf = async (box: SecretBox, sealed: string) => (await fingerprintOf(box, sealed)) ?? '--------';

const toSettings = async (box: SecretBox, row: SettingsRow): Promise<ExchangeSettings> => ({
  exchange_id: row.id,
  notice_window_seconds: row.noticeWindowSeconds,
  price_encryption: row.priceKeysSealed ? 'GOOGLE' : 'NONE',
  price_keys_set: row.priceKeysSealed !== null,
  price_keys_fingerprint: row.priceKeysSealed ? await fingerprintOf(box, row.priceKeysSealed) : null,
  updatedAt: row.updatedAt.toISOString(),
});

const requireSettingsRow = async (db: DbOrTx, id: number, forUpdate = false) => {
  const query = db.select(settingsColumns).from(exchanges).where(eq(exchanges.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Exchange not found.');
  return row;
};

export const readExchangeSettings = async (db: DbOrTx, box: SecretBox, id: number) =>
  toSettings(box, await requireSettingsRow(db, id));

/**
 * Sets the notice window and the price keys: NONE clears the keys, GOOGLE with both keys replaces
 * them, GOOGLE without keys keeps the ones kept (refused when there are none).
 */
export const updateExchangeSettings = async (
  db: DbOrTx,
  box: SecretBox,
  principal: Principal,
  id: number,
  input: ExchangeSettingsInput,
): Promise<ExchangeSettings> => {
  const newKeys =
    input.encryption_key && input.integrity_key
      ? { encryptionKey: input.encryption_key, integrityKey: input.integrity_key }
      : null;
  const sealedNew = newKeys ? await sealPriceKeys(box, newKeys) : null;
  const row = await db.transaction(async (tx) => {
    const before = await requireSettingsRow(tx, id, true);
    if (input.price_encryption === 'GOOGLE' && !newKeys && !before.priceKeysSealed)
      throw badRequest(PRICE_KEYS_NEEDED_MESSAGE, { encryption_key: PRICE_KEYS_NEEDED_MESSAGE });
    const sealed = input.price_encryption === 'NONE' ? null : (sealedNew ?? before.priceKeysSealed);
    const beforePrint = before.priceKeysSealed ? await logPrintOf(box, before.priceKeysSealed) : null;
    const afterPrint = newKeys ? priceKeysFingerprint(newKeys) : sealed ? beforePrint : null;
    const changes = diffFields(
      { notice_window_seconds: before.noticeWindowSeconds, price_keys: beforePrint },
      { notice_window_seconds: input.notice_window_seconds, price_keys: afterPrint },
    );
    // The same keys entered again change nothing (not even their sealing).
    if (changes.length === 0) return before;
    const [updated] = await tx
      .update(exchanges)
      .set({
        noticeWindowSeconds: input.notice_window_seconds,
        priceKeysSealed: sealed,
        updatedAt: new Date(),
      })
      .where(eq(exchanges.id, id))
      .returning(settingsColumns);
    await recordChange(tx, {
      entityType: 'exchange',
      entityId: id,
      action: 'config',
      ...actorOf(principal),
      changes,
    });
    return updated!;
  });
  return toSettings(box, row);
};
