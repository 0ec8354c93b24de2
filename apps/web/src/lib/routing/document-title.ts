// The document title rule of spec section 2: the capitalised path, then the meta title, then the
// company name. Empty parts are left out.

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** '/agency/inventory-list' -> 'Agency / Inventory-list'. */
export const capitalisePath = (pathname: string): string =>
  pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => capitalise(decode(segment)))
    .join(' / ');

export const formatDocumentTitle = (
  pathname: string,
  metaTitle: string | null | undefined,
  companyName: string | null | undefined,
): string =>
  [capitalisePath(pathname), metaTitle?.trim(), companyName?.trim()]
    .filter((part) => Boolean(part))
    .join(' | ');
