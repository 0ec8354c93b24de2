// A route's own hooks of one kind as an array (a route may declare none, one, or a list), so that a
// platform part can put its hook before or after them in an onRoute hook (idempotency.ts,
// envelope.ts): a hook only some routes need then costs the other requests nothing.
export const routeHooksOf = <Hook>(hooks: Hook | Hook[] | undefined): Hook[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
