// The statement memo (db/statement-memo.ts) answers what drizzle renders: the same text and name for
// a statement built the same way, that call's own values, and a text of its own for each way of
// building it, whatever the values.
import { and, eq, exists, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { creativeExchanges, creatives } from '../src/db/schema/creatives.ts';
import { users } from '../src/db/schema/users.ts';
import { buildStatement, statementNameOf } from '../src/db/statement-memo.ts';

const dialect = new PgDialect();

/** The memo's answer beside drizzle's own rendering of the same statement. */
const both = (query: () => SQL) => {
  const expected = dialect.sqlToQuery(query());
  const built = buildStatement(dialect, query());
  return { expected, built };
};

const expectDrizzles = (query: () => SQL) => {
  const { expected, built } = both(query);
  expect(built.sql).toBe(expected.sql);
  expect(built.params).toEqual(expected.params);
  expect(built.name).toBe(statementNameOf(expected.sql));
  return built;
};

const listPage = (
  filters: { status?: string[]; advertiser?: number; since?: Date; q?: string },
  order: 'asc' | 'desc',
) =>
  sql`select ${campaigns.id}, ${campaigns.name} from ${campaigns}
    where ${
      and(
        filters.status?.length ? inArray(campaigns.status, filters.status) : undefined,
        filters.advertiser ? eq(campaigns.advertiserId, filters.advertiser) : undefined,
        filters.since ? gt(campaigns.endAt, filters.since) : undefined,
        filters.q ? sql`${campaigns.name} ilike ${`%${filters.q}%`}` : undefined,
      ) ?? sql`true`
    }
    order by ${campaigns.createdAt} ${sql.raw(order)} limit 20`;

describe('statement memo', () => {
  it("answers each call with drizzle's text and that call's own values, not the first call's", () => {
    const first = expectDrizzles(() => listPage({ status: ['ACTIVE', 'PAUSED'], advertiser: 7 }, 'desc'));
    const second = expectDrizzles(() => listPage({ status: ['DRAFT', 'ENDED'], advertiser: 9 }, 'desc'));
    expect(second.sql).toBe(first.sql);
    expect(second.name).toBe(first.name);
    expect(first.params).toEqual(['ACTIVE', 'PAUSED', 7]);
    expect(second.params).toEqual(['DRAFT', 'ENDED', 9]);
  });

  it('gives a statement built another way its own text, even with as many values', () => {
    const desc = expectDrizzles(() => listPage({ advertiser: 7 }, 'desc'));
    const asc = expectDrizzles(() => listPage({ advertiser: 7 }, 'asc'));
    const searched = expectDrizzles(() => listPage({ q: 'coffee' }, 'desc'));
    expect(new Set([desc.sql, asc.sql, searched.sql]).size).toBe(3);
    expect(asc.sql).toContain('asc limit 20');
    expect(new Set([desc.name, asc.name, searched.name]).size).toBe(3);
    // A list of three statuses is a clause of its own, not the two-status one's.
    const three = expectDrizzles(() => listPage({ status: ['ACTIVE', 'PAUSED', 'DRAFT'] }, 'desc'));
    const two = expectDrizzles(() => listPage({ status: ['ACTIVE', 'PAUSED'] }, 'desc'));
    expect(three.sql).not.toBe(two.sql);
  });

  it("maps values as their columns do (a Date as its text) and keeps nulls and each call's pattern", () => {
    const a = expectDrizzles(() => listPage({ since: new Date('2026-11-01T00:00:00Z'), q: '50%' }, 'desc'));
    const b = expectDrizzles(() => listPage({ since: new Date('2026-12-01T00:00:00Z'), q: 'shoes' }, 'desc'));
    expect(a.params).toEqual(['2026-11-01T00:00:00.000Z', '%50%%']);
    expect(b.params).toEqual(['2026-12-01T00:00:00.000Z', '%shoes%']);
    expectDrizzles(() => sql`select coalesce(${null}, ${1}) as a, ${[1, 2, 3]} as b`);
    expectDrizzles(() => sql`select coalesce(${null}, ${2}) as a, ${[4, 5, 6]} as b`);
  });

  it('renders names, aliased tables and a select inside exists as drizzle does', () => {
    const statement = (advertiser: number, exchange: number) => () => {
      const owner = alias(users, 'owner');
      return sql`select ${sql.identifier('x"y')}, ${owner.email} from ${creatives}
        join ${owner} on ${owner.id} = ${creatives.advertiserId}
        where ${creatives.advertiserId} = ${advertiser} and ${exists(
          sql`select 1 from ${creativeExchanges} where ${and(
            eq(creativeExchanges.creativeId, creatives.id),
            eq(creativeExchanges.exchangeId, exchange),
          )}`,
        )}`;
    };
    const first = expectDrizzles(statement(1, 2));
    const second = expectDrizzles(statement(3, 4));
    expect(second.params).toEqual([3, 4]);
    expect(first.sql).toContain('"x""y"');
  });

  it('leaves to drizzle what it does not walk (an alias, a placeholder, inlined values) and answers the same', () => {
    for (const query of [
      () => sql`select ${campaigns.id} from ${campaigns} where ${sql`${campaigns.id} = ${5}`.inlineParams()}`,
      () => sql`select ${campaigns.id} from ${campaigns} where ${sql`${campaigns.id} = ${6}`.inlineParams()}`,
      () =>
        sql`select ${sql`count(*)`.as('n')} from ${campaigns} where ${campaigns.id} = ${sql.placeholder('id')}`,
      () => sql`select ${sql`count(*)`.as('n')} from ${campaigns} where ${campaigns.id} = ${5}`,
    ]) {
      const { expected, built } = both(query);
      expect(built.sql).toBe(expected.sql);
      expect(built.params).toEqual(expected.params);
    }
  });

  it('starts again past its size and still answers right', () => {
    // 600 statements of 100 texts each never seen before: more steps than the memo keeps.
    for (let round = 0; round < 600; round++) {
      const parts = Array.from({ length: 100 }, (_, i) => sql.raw(` /*${round}:${i}*/`));
      const query = () => sql`select ${round}${sql.join(parts)}`;
      if (round % 100 === 0 || round === 599) expectDrizzles(query);
      else buildStatement(dialect, query());
    }
    expectDrizzles(() => listPage({ status: ['ACTIVE'] }, 'desc'));
  });
});
