// Demo data for a first run: the four roles, an agency with two advertisers, funds and a branded
// agency host. Only ever written into an empty database (or on `--demo`).
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema/companies.ts';
import { userConfigs, users } from '../db/schema/users.ts';
import { ensureUserAccount, findPlatformAccount } from '../modules/ledger/ledger-accounts.ts';
import { postTransferInTx } from '../modules/ledger/post-transfer.ts';
import { hashPassword } from '../platform/passwords.ts';
import { findUserByEmail } from '../platform/user-queries.ts';

export const DEMO_USERS = [
  {
    email: 'admin@demo.test',
    role: 'ADMIN',
    firstName: 'Ada',
    lastName: 'Admin',
    companyName: 'Trading Desk',
  },
  {
    email: 'coadmin@demo.test',
    role: 'CO-ADMIN',
    firstName: 'Colin',
    lastName: 'Coadmin',
    companyName: 'Trading Desk',
  },
  {
    email: 'agency@demo.test',
    role: 'AGENCY',
    firstName: 'Grace',
    lastName: 'Agent',
    companyName: 'Northwind Media',
  },
  {
    email: 'adv1@demo.test',
    role: 'ADVERTISER',
    firstName: 'Alan',
    lastName: 'First',
    companyName: 'Contoso Coffee',
    agency: 'agency@demo.test',
  },
  {
    email: 'adv2@demo.test',
    role: 'ADVERTISER',
    firstName: 'Beth',
    lastName: 'Second',
    companyName: 'Fabrikam Shoes',
    agency: 'agency@demo.test',
  },
  {
    email: 'advertiser@demo.test',
    role: 'ADVERTISER',
    firstName: 'Dana',
    lastName: 'Direct',
    companyName: 'Tailspin Travel',
  },
] as const;

const DEMO_CONFIGS: Record<
  string,
  Pick<typeof userConfigs.$inferInsert, 'insightDashboard' | 'postbackEnabled' | 'apiAccess'> &
    Partial<typeof userConfigs.$inferInsert>
> = {
  // The demo agency may mark its advertisers up by 0% to 25% (an admin's range); the platform takes
  // 10% on its advertisers' spend (its margin_bps) and the agency 15% and 12% on its two (theirs), so
  // the demo's margin tiles and the agency's margin income are not $0.00.
  'agency@demo.test': {
    insightDashboard: true,
    postbackEnabled: 'ENABLED',
    apiAccess: true,
    advertiserMarginMinBps: 0,
    advertiserMarginMaxBps: 2500,
    marginBps: 1000,
  },
  'adv1@demo.test': {
    insightDashboard: false,
    postbackEnabled: 'DISABLED',
    apiAccess: false,
    marginBps: 1500,
  },
  'adv2@demo.test': {
    insightDashboard: true,
    postbackEnabled: 'DISABLED',
    apiAccess: false,
    marginBps: 1200,
  },
  'advertiser@demo.test': { insightDashboard: true, postbackEnabled: 'ENABLED', apiAccess: true },
};

/** Deposits in micro-units (1 USD = 1,000,000). */
const DEMO_DEPOSITS: Record<string, bigint> = {
  'advertiser@demo.test': 5_000_000_000n,
  'adv1@demo.test': 1_250_500_000n,
  'agency@demo.test': 10_000_000_000n,
};

/**
 * A demo balance is a credit from the platform's funding account, like any other; `at` books it
 * then (before the demo history, so statements open on it) instead of now.
 */
export const creditDemoAccount = (db: Db, userId: number, amount: bigint, at?: Date) =>
  db.transaction(async (tx) => {
    const account = await ensureUserAccount(tx, userId);
    const funding = await findPlatformAccount(tx, 'FUNDING');
    await postTransferInTx(tx, {
      kind: 'CREDIT',
      method: 'PROMOTION',
      note: 'Demo deposit',
      ...(at ? { occurredAt: at, bookedAt: at } : {}),
      createdBy: null,
      onBehalfOf: null,
      legs: [
        { accountId: account.id, amountMicros: amount },
        { accountId: funding.id, amountMicros: -amount },
      ],
    });
  });

export const isDatabaseEmpty = async (db: Db) => {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
};

/** `depositsAt`: when the demo deposits are booked (the start of the demo history); now when absent. */
export const seedDemo = async (db: Db, password: string, options: { depositsAt?: Date } = {}) => {
  const passwordHash = await hashPassword(password);
  for (const demo of DEMO_USERS) {
    if (await findUserByEmail(db, demo.email)) continue;
    const agency = 'agency' in demo ? await findUserByEmail(db, demo.agency) : undefined;
    const [user] = await db
      .insert(users)
      .values({
        email: demo.email,
        role: demo.role,
        firstName: demo.firstName,
        lastName: demo.lastName,
        companyName: demo.companyName,
        passwordHash,
        status: 'ACTIVE',
        emailVerifiedAt: new Date(),
        agencyId: agency?.id ?? null,
      })
      .returning();
    const config = DEMO_CONFIGS[demo.email];
    if (config) await db.insert(userConfigs).values({ userId: user!.id, ...config });
    const deposit = DEMO_DEPOSITS[demo.email];
    if (deposit) {
      await creditDemoAccount(db, user!.id, deposit, options.depositsAt);
    }
    if (demo.role === 'AGENCY') {
      await db.insert(companies).values({
        agencyId: user!.id,
        name: demo.companyName,
        logoSrc: '',
        favicon: '',
        helpAndSupport: true,
        helpAndSupportLink: 'https://example.com/support',
        metaTitle: 'Northwind Media Console',
        theme: {
          primaryColor: '#2b8a3e',
          hoverColor: '#237032',
          textAgencyColor: '#1a1b1e',
          cardBackgroundColor: '#f8f9fa',
          navbarColor: '#0b3d20',
        },
        footerStartYear: 2025,
        footerText: 'Northwind Media, powered by Trading Desk.',
        customDomain: 'northwind.localhost',
      });
    }
  }
};

/** The demo advertisers' ids (those that exist), e.g. for their delivery history. */
export const findDemoAdvertiserIds = async (db: Db): Promise<number[]> => {
  const ids: number[] = [];
  for (const demo of DEMO_USERS) {
    if (demo.role !== 'ADVERTISER') continue;
    const user = await findUserByEmail(db, demo.email);
    if (user) ids.push(user.id);
  }
  return ids;
};
