import { describe, expect, it } from 'vitest';
import {
  ERROR_STATUSES,
  errorKindOf,
  errorPageAt,
  errorPagePath,
  errorPageStatus,
  failedPageStatus,
  isErrorStatus,
  showsErrorPage,
} from './error-pages';
import { ERROR_PAGE_WORDS } from './error-page-words';

describe('error pages (SPEC 2.2, SPEC 8)', () => {
  it('counts 400-409 and 500-511 as error statuses, and nothing else', () => {
    expect(ERROR_STATUSES).toEqual([
      400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 500, 501, 502, 503, 504, 505, 506, 507, 508,
      509, 510, 511,
    ]);
    for (const status of [200, 302, 399, 410, 418, 429, 499, 512, 599, 503.5, Number.NaN]) {
      expect(isErrorStatus(status), String(status)).toBe(false);
    }
  });

  it('shows a status its own page, and any other status the 500 page', () => {
    expect(errorPageStatus(503)).toBe(503);
    expect(errorPageStatus(409)).toBe(409);
    expect(errorPageStatus(429)).toBe(500);
    expect(errorPageStatus(599)).toBe(500);
    expect(errorPageStatus(200)).toBe(500);
  });

  it('answers an error page address with its code, and an unknown code with the 500 page as a 404', () => {
    expect(errorPageAt('error.503.html')).toEqual({ page: 503, status: 503 });
    expect(errorPageAt('error.400.html')).toEqual({ page: 400, status: 400 });
    for (const name of ['error.999.html', 'error.abc.html', 'error..html', 'error.5030.html']) {
      expect(errorPageAt(name), name).toEqual({ page: 500, status: 404 });
    }
    expect(errorPageAt('search.html')).toBeUndefined();
    expect(errorPageAt('error.503.htm')).toBeUndefined();
  });

  it('chooses the page by the locale of the address, else en-us', () => {
    expect(errorPagePath('/fr-ca/p/ABC', 503)).toBe('/fr-ca/error.503.html');
    expect(errorPagePath('/store/caassessments/fr/cart', 500)).toBe('/fr-ca/error.500.html');
    expect(errorPagePath('/nl-nl/', 418)).toBe('/nl-nl/error.500.html');
    expect(errorPagePath('/auth/callback', 503)).toBe('/en-us/error.503.html');
    expect(errorPagePath('/xx-yy/cart', 502)).toBe('/en-us/error.502.html');
  });

  it("leaves 404 and 400 to the page's own not-found, and network failures to the offline app", () => {
    expect(showsErrorPage(404)).toBe(false);
    expect(showsErrorPage(400)).toBe(false);
    expect(showsErrorPage(null)).toBe(false);
    expect(showsErrorPage(429)).toBe(false);
    expect(showsErrorPage(403)).toBe(true);
    expect(showsErrorPage(500)).toBe(true);
    expect(showsErrorPage(503)).toBe(true);
  });

  it('has words for every error status', () => {
    for (const status of ERROR_STATUSES) {
      expect(ERROR_PAGE_WORDS[errorKindOf(status)].heading.message, String(status)).not.toBe('');
    }
    expect(errorKindOf(errorPageStatus(503))).toBe('unavailable');
    expect(errorKindOf(errorPageStatus(500))).toBe('server');
    expect(errorKindOf(errorPageStatus(404))).toBe('not-found');
  });
});

describe('a page whose data failed', () => {
  it('is the error page of the first failure the store counts, not of a 404 or the network', () => {
    const ok = { key: 'a', value: 1 };
    expect(failedPageStatus([ok, { key: 'b', failure: { status: 503 } }])).toBe(503);
    expect(failedPageStatus([{ key: 'b', failure: { status: 404 } }])).toBeUndefined();
    expect(failedPageStatus([{ key: 'b', failure: { status: null } }])).toBeUndefined();
    expect(failedPageStatus([ok, null, 'text', undefined])).toBeUndefined();
  });
});
