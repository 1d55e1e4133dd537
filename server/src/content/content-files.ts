/**
 * Reads the regional content folder (CONTENT_DIR): navigation and footer per locale,
 * marketing pages per language, checkout copy per content locale. Files are read on every
 * request, so an editor's change shows on the next load without a rebuild or restart.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_SLUG } from '../../../domain/content/paths';
import { storefrontFor, type Locale } from '../../../domain/storefront/storefronts';

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

export class ContentFiles {
  constructor(readonly root: string) {}

  /** A storefront's own file, e.g. en-gb/footer-content.json. */
  localeFile(locale: Locale, name: string): Promise<ContentFile | undefined> {
    return readIfPresent(path.join(this.root, locale, name));
  }

  /**
   * A marketing page fragment: the storefront's own, else its language's, else English.
   * `slug` must already match PAGE_SLUG (it names a file).
   */
  async page(locale: Locale, slug: string): Promise<ContentFile | undefined> {
    if (!PAGE_SLUG.test(slug)) return undefined;
    const { language } = storefrontFor(locale);
    for (const dir of [locale, language, 'en']) {
      const found = await readIfPresent(path.join(this.root, 'pages', dir, `${slug}.html`));
      if (found) return found;
    }
    return undefined;
  }

  /** Words around the pages (the way back to the store, error texts) in the page language. */
  async pageStrings(locale: Locale): Promise<Readonly<Record<string, string>>> {
    const { language } = storefrontFor(locale);
    for (const dir of [language, 'en']) {
      const found = await readIfPresent(path.join(this.root, 'pages', dir, 'strings.json'));
      if (found) return JSON.parse(found.body.toString('utf8')) as Record<string, string>;
    }
    return {};
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
