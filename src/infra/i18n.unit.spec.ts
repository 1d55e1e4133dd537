import { describe, expect, it, vi } from 'vitest';

// In a browser this waits for the first page to be on screen.
vi.mock('./first-paint', () => ({ afterFirstPaint: () => Promise.resolve() }));

const { activateLanguage, activatePageMessages, catalogIsPartial, i18n } = await import('./i18n');

/** "Sign in" (locales/fr/messages.po): in the catalog, not among the page's messages. */
const SIGN_IN = '5lWFkC';

describe('a server-rendered page’s messages, then its catalog', () => {
  it('shows the page’s messages at once, and nothing for a message it was not sent', () => {
    activatePageMessages('fr', { hello: ['Bonjour'] });
    expect(i18n.locale).toBe('fr');
    expect(catalogIsPartial()).toBe(true);
    expect(i18n._('hello')).toBe('Bonjour');
    // Not its id: the text appears when the catalog arrives.
    expect(i18n._(SIGN_IN)).toBe('');
  });

  it('adds the catalog, says so, and then behaves as a whole catalog', async () => {
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

  it('loads another language whole', async () => {
    await activateLanguage('nl');
    expect(i18n.locale).toBe('nl');
    expect(i18n._(SIGN_IN)).toBe('Aanmelden');
  });
});
