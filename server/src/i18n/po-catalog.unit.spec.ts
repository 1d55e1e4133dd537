import { describe, expect, it } from 'vitest';
import { readPoCatalog } from './po-catalog';

const CATALOG = [
  'msgid ""',
  'msgstr ""',
  '"Language: fr\\n"',
  '"Plural-Forms: \\n"',
  '',
  '#. js-lingui-explicit-id',
  '#: src/features/cart/components/CartPage.tsx:12',
  'msgid "cart.title"',
  'msgstr "Panier"',
  '',
  'msgid "Quantity for {name}"',
  'msgstr ""',
  '"Quantité pour "',
  '"« {name} »\\n"',
  '"\\"ligne\\"\\t2"',
  '',
  'msgctxt "button"',
  'msgid "Open"',
  'msgstr "Ouvrir"',
  '',
  'msgid "Open"',
  'msgstr "Ouverte"',
  '',
  'msgid "Untranslated"',
  'msgstr ""',
  '',
  '#~ msgid "Gone"',
  '#~ msgstr "Parti"',
  '',
].join('\n');

describe('reading a .po catalog', () => {
  it('reads msgid → msgstr, with continued lines and escapes, the header left out', () => {
    const catalog = readPoCatalog(CATALOG);
    expect(catalog.get('cart.title')).toBe('Panier');
    expect(catalog.get('Quantity for {name}')).toBe('Quantité pour « {name} »\n"ligne"\t2');
    expect(catalog.get('Untranslated')).toBe('');
    expect(catalog.has('')).toBe(false);
  });

  it('keys an entry with a context apart, and leaves obsolete entries out', () => {
    const catalog = readPoCatalog(CATALOG);
    expect(catalog.get('Open')).toBe('Ouverte');
    expect(catalog.get('button\u0004Open')).toBe('Ouvrir');
    expect(catalog.has('Gone')).toBe(false);
    expect(catalog.size).toBe(5);
  });

  it('reads Windows line ends the same', () => {
    expect(readPoCatalog(CATALOG.replaceAll('\n', '\r\n'))).toEqual(readPoCatalog(CATALOG));
  });
});
