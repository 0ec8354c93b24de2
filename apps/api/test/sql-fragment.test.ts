// A precompiled fragment renders exactly what drizzle renders for the same template, with its holes
// filled in order (a hole may come back), and refuses a fragment that would carry a parameter.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { precompiled } from '../src/db/sql-fragment.ts';

const dialect = new PgDialect();
const template = (id: ReturnType<typeof sql>, name: ReturnType<typeof sql>) =>
  sql`select ${campaigns.name} from ${campaigns} where ${campaigns.id} = ${id} and ${campaigns.name} <> ${name} or ${campaigns.advertiserId} = ${id}`;

describe('precompiled', () => {
  it('renders the same text and parameters as drizzle, holes in place', () => {
    const fragment = precompiled(2, template);
    const fill = [sql`${42}::bigint`, sql`${"o'brien"}`] as const;
    expect(dialect.sqlToQuery(fragment(...fill))).toEqual(dialect.sqlToQuery(template(...fill)));
    const again = dialect.sqlToQuery(fragment(sql`${7}`, sql`${'x'}`));
    expect(again.params).toEqual([7, 'x', 7]);
    expect(again.sql).toContain('"campaigns"."id" = $1');
  });

  it('refuses a fragment with a parameter of its own', () => {
    expect(() => precompiled(0, () => sql`select ${1}`)).toThrow(/through its holes/);
  });
});
