/** The id of a route param (`:id`) as a positive integer; 0 when it is not one. */
export const parseId = (value: string | undefined): number => {
  if (!value || !/^\d{1,12}$/.test(value)) return 0;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};
