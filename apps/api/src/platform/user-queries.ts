import type { User } from '@console/core/api/auth';
import type { Role } from '@console/core/roles';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = async (db: DbOrTx, email: string): Promise<UserRow | undefined> => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
};

export const findUserById = async (db: DbOrTx, id: number): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
};

/** The public shape of a user (spec section 3). */
export const toUser = (row: UserRow): User => ({
  _id: row.publicId,
  user_primary_id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  companyName: row.companyName,
  role: row.role as Role,
  status: row.status as User['status'],
});
