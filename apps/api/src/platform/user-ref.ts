/** A reference to a user in an answer (who acted, who decided), or null when there is none. */
export const userRefOf = (id: number | null, email: string | null) =>
  id === null || email === null ? null : { user_primary_id: id, email };
