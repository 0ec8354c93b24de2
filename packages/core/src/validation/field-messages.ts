// The messages of the shared field rules (e-mail, password, colour, host name, margin range) without
// their zod schemas, so a form that maps them to translations does not load zod for it.
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your e-mail address.';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid e-mail address, like name@example.com.';

// Our password policy (the spec leaves it open): 8 to 128 characters with a lower-case letter,
// an upper-case letter and a digit. The demo password 'Demo-pass-1' satisfies it.
export const PASSWORD_MESSAGE =
  'Password must be 8 to 128 characters with at least one upper-case letter, one lower-case letter and one digit.';

export const HEX_COLOR_MESSAGE = 'Use a colour like #1c7ed6.';
export const DOMAIN_MESSAGE = 'Enter a host name like console.example.com (no http:// and no path).';
export const MARGIN_BOUNDS_ORDER_MESSAGE = 'The highest margin cannot be below the lowest.';
