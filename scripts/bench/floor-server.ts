// Each campaigns.ts scenario's floor (campaigns.ts starts it beside the real server): a bare
// node:http process that replays the statements the API sent for one request of that scenario
// (statement-recorder.ts records them), the same text and values, named statements prepared under
// the API's names, on a pool like the API's (10 connections, jit=off), and answers the last one's
// rows as JSON. No token, no session, no validation, no decoding, no delivery figures: what is left
// is the HTTP round trip, the database's work and node-postgres. Whatever the API does on top costs
// throughput below this.
//   PUT /floor/<n>  body: the recorded statements (JSON), once, before the load
//   GET /floor/<n>  replays them: statements that the API had in flight together run together
// (each on a connection of the pool: no scenario sends a transaction, which would need one).
//   DATABASE_URL=<url> PORT=<port> node --import tsx scripts/bench/floor-server.ts
import { createServer } from 'node:http';
import pg from 'pg';
import { type RecordedStatement, replayConfig } from './recorded-statement.ts';

/**
 * Stages of statements: a statement sent before any statement of the current stage had answered
 * ran beside them (Promise.all); one sent later waited for an answer, so it starts the next stage.
 */
const stagesOf = (statements: RecordedStatement[]) => {
  const stages: RecordedStatement[][] = [];
  for (const statement of statements) {
    const stage = stages.at(-1);
    const firstAnswer = Math.min(...(stage ?? []).map((s) => s.end ?? Number.POSITIVE_INFINITY));
    if (stage && statement.start < firstAnswer) stage.push(statement);
    else stages.push([statement]);
  }
  return stages;
};

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
const floors = new Map<string, RecordedStatement[][]>();

const replay = async (stages: RecordedStatement[][]) => {
  let rows: unknown[] = [];
  for (const stage of stages) {
    const results = await Promise.all(stage.map((s) => pool.query(replayConfig(s))));
    rows = results.at(-1)?.rows ?? [];
  }
  return rows;
};

const server = createServer((request, response) => {
  const id = /^\/floor\/(\d+)$/.exec(request.url ?? '')?.[1];
  if (!id) {
    response.writeHead(404).end();
    return;
  }
  if (request.method === 'PUT') {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      floors.set(id, stagesOf(JSON.parse(body) as RecordedStatement[]));
      response.writeHead(204).end();
    });
    return;
  }
  const stages = floors.get(id);
  if (!stages) {
    response.writeHead(404).end();
    return;
  }
  replay(stages).then(
    (items) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ data: { items } }));
    },
    (error: Error) => response.writeHead(500).end(error.message),
  );
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.send?.('listening'));
