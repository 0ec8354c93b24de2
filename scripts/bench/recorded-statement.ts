// A statement the API sent for one request, as statement-recorder.ts records it in the server and
// prints it, campaigns.ts reads it, floor-server.ts and statement-alone.ts replay it.

export type RecordedStatement = {
  /** Its prepared statement's name (drizzle's named statements): replayed prepared under it. */
  name?: string;
  text: string;
  values: unknown[];
  /** When it was sent, ms since the request came. */
  start: number;
  /** When it was answered, ms since the request came. */
  end?: number;
};

/** What a replay needs of a recorded statement (and what campaigns.ts keeps of it with --statements). */
export type ReplayedStatement = Pick<RecordedStatement, 'name' | 'text' | 'values'>;

/** node-postgres' query config replaying a recorded statement: prepared under its name where it had one. */
export const replayConfig = ({ name, text, values }: ReplayedStatement) => ({
  ...(name ? { name } : {}),
  text,
  values,
});
