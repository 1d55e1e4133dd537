import { beforeEach, describe, expect, it, vi } from 'vitest';

// In a browser this waits for the first page to be on screen.
vi.mock('./first-paint', () => ({ afterFirstPaint: () => Promise.resolve() }));

/** "Sign in" in the catalogs (locales/{fr,es,nl}/messages.po), never among the page messages here. */
const SIGN_IN = '5lWFkC';

/**
 * A fresh module for each test (it keeps its state). Lingui's instance is shared: each test
 * leaves its catalog loaded (wholeCatalog) so nothing of it arrives during the next.
 */
async function fresh() {
  return import('./i18n');
}

beforeEach(() => {
  vi.resetModules();
});

describe('a server-rendered page’s messages, then its catalog', () => {
  it('shows the page’s messages at once, and nothing for a message it was not sent', async () => {
    const { activatePageMessages, catalogIsPartial, i18n, wholeCatalog } = await fresh();
    activatePageMessages('fr', { hello: ['Bonjour'] });
    expect(i18n.locale).toBe('fr');
    expect(catalogIsPartial()).toBe(true);
    expect(i18n._('hello')).toBe('Bonjour');
    // Not its id: the text appears when the catalog arrives.
    expect(i18n._(SIGN_IN)).toBe('');
    await wholeCatalog();
    expect(i18n._(SIGN_IN)).toBe('Se connecter');
  });

  it('adds the catalog once, renders again for what showed nothing, then acts as a whole catalog', async () => {
    const { activateLanguage, activatePageMessages, catalogIsPartial, i18n } = await fresh();
    activatePageMessages('fr', { hello: ['Bonjour'] });
    expect(i18n._(SIGN_IN)).toBe('');
    const changed = vi.fn();
    const unsubscribe = i18n.on('change', changed);
    await Promise.all([activateLanguage('fr'), activateLanguage('fr')]);
    unsubscribe();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(catalogIsPartial()).toBe(false);
    expect(i18n._(SIGN_IN)).toBe('Se connecter');
    expect(i18n._('hello')).toBe('Bonjour');
    // A message no catalog has falls back to its id, as Lingui does.
    expect(i18n._('no-such-message')).toBe('no-such-message');
  });

  it('adds the catalog silently when nothing on screen lacks a message', async () => {
    const { activateLanguage, activatePageMessages, catalogIsPartial, i18n } = await fresh();
    activatePageMessages('es', { hola: ['Hola'] });
    expect(i18n._('hola')).toBe('Hola');
    const changed = vi.fn();
    const unsubscribe = i18n.on('change', changed);
    await activateLanguage('es');
    unsubscribe();
    expect(changed).not.toHaveBeenCalled();
    expect(catalogIsPartial()).toBe(false);
    expect(i18n._(SIGN_IN)).toBe('Iniciar sesión');
  });

  it('keeps the language asked for last when an earlier one arrives after it', async () => {
    const { activateLanguage, activatePageMessages, i18n, wholeCatalog } = await fresh();
    activatePageMessages('fr', { hello: ['Bonjour'] });
    await Promise.all([activateLanguage('nl'), wholeCatalog()]);
    expect(i18n.locale).toBe('nl');
    expect(i18n._(SIGN_IN)).toBe('Aanmelden');
    await activateLanguage('fr');
    expect(i18n.locale).toBe('fr');
    expect(i18n._(SIGN_IN)).toBe('Se connecter');
  });

  it('loads a page’s language whole when it came with no messages', async () => {
    const { activateLanguage, catalogIsPartial, i18n, wholeCatalog } = await fresh();
    await activateLanguage('nl');
    expect(catalogIsPartial()).toBe(false);
    await wholeCatalog();
    expect(i18n.locale).toBe('nl');
    expect(i18n._(SIGN_IN)).toBe('Aanmelden');
  });
});

describe('text made outside a render, while the page has only its own messages', () => {
  it('a form’s errors wait for the catalog: a first submit is never answered with nothing', async () => {
    const { activatePageMessages, catalogIsPartial, i18n } = await fresh();
    const { domainResolver } = await import('./forms');
    const { signInSchema } = await import('../../domain/validation/identity');
    activatePageMessages('fr', { hello: ['Bonjour'] });
    const resolve = domainResolver(signInSchema, i18n, { email: 'Adresse e-mail' });
    const answer = await resolve({ email: '', password: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: undefined,
    });
    expect(catalogIsPartial()).toBe(false);
    const errors = answer.errors as Record<string, { message?: string }>;
    expect(errors.email?.message).toBe('Adresse e-mail est obligatoire.');
    expect(errors.password?.message).toMatch(/\S/);
  });
});
