// `npm run admin:create -- --email ... --password ...`: the first admin of a production database.
import { parseArgs } from 'node:util';
import { emailField } from '@console/core/api/auth';
import { passwordSchema } from '@console/core/validation/password';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../platform/passwords.ts';
import { findUserByEmail } from '../platform/user-queries.ts';
import { ensurePlatformCompany } from '../seed/platform-company.ts';

const run = async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const email = emailField.safeParse(values.email ?? '');
  const password = passwordSchema.safeParse(values.password ?? '');
  if (!email.success || !password.success) {
    const problems = [...(email.error?.issues ?? []), ...(password.error?.issues ?? [])].map(
      (i) => i.message,
    );
    throw new Error(
      `Usage: npm run admin:create -- --email <email> --password <password>\n${problems.join('\n')}`,
    );
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await ensurePlatformCompany(database.db);
    if (await findUserByEmail(database.db, email.data))
      throw new Error(`A user with e-mail ${email.data} already exists.`);
    await database.db.insert(users).values({
      email: email.data,
      passwordHash: await hashPassword(password.data),
      role: 'ADMIN',
      status: 'ACTIVE',
      emailVerifiedAt: new Date(),
      firstName: values['first-name'] ?? 'Admin',
      lastName: values['last-name'] ?? '',
      companyName: '',
    });
    console.log(`Admin ${email.data} created.`);
  } finally {
    await database.close();
  }
};

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
