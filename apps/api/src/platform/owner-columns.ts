// The advertiser that owns a campaign or creative and the user who made it, as JSON columns of the
// statement that reads its detail: `owner` [id, email, company name], `creator` [id, email] or null.
import { type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema/users.ts';

export const ownerAndCreatorColumns = (advertiserId: SQL, createdBy: SQL) => sql`
    (select json_build_array(${users.id}, ${users.email}, ${users.companyName}) from ${users}
      where ${users.id} = ${advertiserId}) as owner,
    (select json_build_array(${users.id}, ${users.email}) from ${users}
      where ${users.id} = ${createdBy}) as creator`;
