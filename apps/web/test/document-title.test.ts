import { describe, expect, it } from 'vitest';
import { capitalisePath, formatDocumentTitle } from '../src/lib/routing/document-title.ts';

describe('document title (spec section 2)', () => {
  it('is the capitalised path, then the meta title, then the company name', () => {
    expect(formatDocumentTitle('/dashboard', 'Trading Desk', 'Acme Media')).toBe(
      'Dashboard | Trading Desk | Acme Media',
    );
    expect(formatDocumentTitle('/agency/inventory-list', 'Console', 'Acme')).toBe(
      'Agency / Inventory-list | Console | Acme',
    );
  });

  it('leaves out empty parts', () => {
    expect(formatDocumentTitle('/', 'Console', 'Acme')).toBe('Console | Acme');
    expect(formatDocumentTitle('/login', '', 'Acme')).toBe('Login | Acme');
    expect(formatDocumentTitle('/login', null, undefined)).toBe('Login');
  });

  it('capitalises every segment and decodes escapes', () => {
    expect(capitalisePath('/campaign/changelog/42')).toBe('Campaign / Changelog / 42');
    expect(capitalisePath('/report/create/multi%20day')).toBe('Report / Create / Multi day');
    expect(capitalisePath('/bad/%E0%A4%A')).toBe('Bad / %E0%A4%A');
  });
});
