import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPoCatalog } from '../server/src/i18n/po-catalog';

const read = (language: string) =>
  readPoCatalog(readFileSync(new URL(`./${language}/messages.po`, import.meta.url), 'utf8'));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  const english = read('en');

  it('has English source text for every message', () => {
    expect(english.size).toBeGreaterThan(0);
    for (const [id, text] of english) expect(text, id).not.toBe('');
  });

  describe.each(['fr', 'nl', 'es'])('%s', (language) => {
    const catalog = read(language);

    it('has exactly the English messages', () => {
      expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('translates every message and keeps its placeholders', () => {
      for (const [id, translation] of catalog) {
        expect(translation, `${language}: ${id}`).not.toBe('');
        // The English source is the msgid, or the English msgstr for an explicit id.
        const source = english.get(id) || id;
        expect(placeholders(translation), `${language}: ${id}`).toEqual(placeholders(source));
      }
    });
  });
});
