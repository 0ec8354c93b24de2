// A json column of a raw `db.execute`: node-postgres hands it parsed, PGlite's raw path as text.
export const jsonColumn = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;
