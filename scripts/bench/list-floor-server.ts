// The floor under the campaign list's throughput (campaigns.ts starts it beside the real server):
// a bare node:http process that runs the admin's first campaign page statement, exactly as the API
// builds it (listCampaigns, captured at start-up), and answers its raw rows as JSON. No token, no
// session, no validation, no decoding, no delivery figures: what is left is the HTTP round trip,
// the database's work and node-postgres. Whatever the API does on top costs throughput below this.
//   DATABASE_URL=<url> PORT=<port> node --import tsx scripts/bench/list-floor-server.ts
import { createServer } from 'node:http';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { listCampaigns } from '../../apps/api/src/modules/campaigns/campaign-queries.ts';
import type { Principal } from '../../apps/api/src/platform/auth-guard.ts';

type QueryConfig = { name?: string; text: string; values?: unknown[] };

/** The statement listCampaigns sends for the admin's first page (newest first, 20 rows). */
async function captureFirstPage(databaseUrl: string): Promise<QueryConfig> {
  const seen: QueryConfig[] = [];
  const query = pg.Client.prototype.query;
  const recording = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    // drizzle passes a named statement's values beside its config, not in it.
    if (config && typeof config === 'object' && 'text' in config) {
      const values = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : (config as QueryConfig).values;
      seen.push({ ...(config as QueryConfig), ...(values ? { values } : {}) });
    }
    return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
  };
  pg.Client.prototype.query = recording as typeof query;
  const database = await openDatabase({ databaseUrl });
  try {
    const admin: Principal = {
      userId: 0,
      publicId: 'bench-floor',
      role: 'ADMIN',
      email: 'admin@demo.test',
      sessionId: 'bench-floor',
      actorChain: [],
    };
    seen.length = 0; // the migrations' statements
    await listCampaigns(database.db, admin, { page: 1, limit: 20, sort: 'created_at', order: 'desc' });
  } finally {
    pg.Client.prototype.query = query;
    await database.close();
  }
  const statement = seen.at(-1);
  if (!statement?.name) throw new Error('listCampaigns sent no named statement');
  return statement;
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const statement = await captureFirstPage(databaseUrl);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const server = createServer((request, response) => {
  if (request.url !== '/floor/campaigns') {
    response.writeHead(404).end();
    return;
  }
  pool.query({ name: statement.name, text: statement.text, values: statement.values ?? [] }).then(
    (result) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ data: { items: result.rows } }));
    },
    (error: Error) => response.writeHead(500).end(error.message),
  );
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.send?.('listening'));
