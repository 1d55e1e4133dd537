/**
 * Reads the regional content folder (CONTENT_DIR): navigation and footer per locale,
 * marketing pages per language, checkout copy per content locale. Files are read on every
 * request, so an editor's change shows on the next load without a rebuild or restart.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_SLUG } from '../../../domain/content/paths';
import {
  storefrontFor,
  type Locale,
  type StoreLanguage,
} from '../../../domain/storefront/storefronts';

export interface ContentFile {
  readonly body: Buffer;
  readonly etag: string;
}

async function readIfPresent(file: string): Promise<ContentFile | undefined> {
  try {
    const body = await readFile(file);
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A marketing page, with the language it is written in (for its `lang`). */
export interface PageFile extends ContentFile {
  readonly language: StoreLanguage;
}

/** The words around the pages, with the language they are in. */
export interface PageStrings {
  readonly language: StoreLanguage;
  readonly strings: Readonly<Record<string, string>>;
}

export class ContentFiles {
  constructor(readonly root: string) {}

  /** A storefront's own file, e.g. en-gb/footer-content.json. */
  localeFile(locale: Locale, name: string): Promise<ContentFile | undefined> {
    return readIfPresent(path.join(this.root, locale, name));
  }

  /**
   * A marketing page fragment: the storefront's own (in its content language), else its
   * language's, else English. `slug` must already match PAGE_SLUG (it names a file).
   */
  async page(locale: Locale, slug: string): Promise<PageFile | undefined> {
    if (!PAGE_SLUG.test(slug)) return undefined;
    const { language } = storefrontFor(locale);
    const dirs = [
      [locale, language],
      [language, language],
      ['en', 'en'],
    ] as const;
    for (const [dir, written] of dirs) {
      const found = await readIfPresent(path.join(this.root, 'pages', dir, `${slug}.html`));
      if (found) return { ...found, language: written };
    }
    return undefined;
  }

  /** Words around the pages (the way back to the store, error texts) in the page language. */
  async pageStrings(locale: Locale): Promise<PageStrings> {
    const { language } = storefrontFor(locale);
    for (const dir of [language, 'en'] as const) {
      const found = await readIfPresent(path.join(this.root, 'pages', dir, 'strings.json'));
      if (found) {
        const strings = JSON.parse(found.body.toString('utf8')) as Record<string, string>;
        return { language: dir, strings };
      }
    }
    return { language: 'en', strings: {} };
  }

  pageLayout(): Promise<ContentFile | undefined> {
    return readIfPresent(path.join(this.root, 'pages', 'layout.html'));
  }

  stylesheet(): Promise<ContentFile | undefined> {
    return readIfPresent(path.join(this.root, 'site.css'));
  }

  checkoutCopy(contentLocale: string): Promise<ContentFile | undefined> {
    return readIfPresent(path.join(this.root, 'checkout', `${contentLocale}.json`));
  }
}
