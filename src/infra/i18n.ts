/**
 * Lingui runtime: one catalog per content language (SPEC 2.2), loaded on demand so a page
 * only downloads the language it shows. A server-rendered page comes with the messages it
 * shows (decision 043): it hydrates with those, and the language's catalog follows once the
 * page is on screen (activatePageMessages starts it).
 */
import { i18n, type Messages } from '@lingui/core';
import type { StoreLanguage } from '../../domain/storefront/storefronts';
import { afterFirstPaint } from './first-paint';

export { i18n };

/** The language whose catalog is still on its way, while a page shows its own messages. */
let partial: StoreLanguage | undefined;
/** The page's messages, which the catalog completes. */
let pageMessages: Messages = {};
/** Whether a message was asked for that the page was not sent (it showed as nothing). */
let missed = false;
/** The language asked for last: a slower answer for another must not replace it. */
let requested: StoreLanguage | undefined;
const activating = new Map<StoreLanguage, Promise<void>>();

async function catalogOf(language: StoreLanguage): Promise<Messages> {
  const { messages } = (await import(`../../locales/${language}/messages.po`)) as {
    messages: Messages;
  };
  return messages;
}

/**
 * Starts a server-rendered page on the messages it came with. Until the catalog is here, a
 * message the page was not sent with shows as nothing rather than as its id; the text then
 * appears when the catalog arrives (Lingui's change event renders it again; without such a
 * message, the catalog is added silently, as nothing on screen changes).
 */
export function activatePageMessages(language: StoreLanguage, messages: Messages): void {
  partial = language;
  missed = false;
  pageMessages = { ...messages };
  const page = new Proxy<Messages>(pageMessages, {
    get: (target, key): unknown => {
      if (typeof key !== 'string' || partial !== language || Object.hasOwn(target, key)) {
        return Reflect.get(target, key) as unknown;
      }
      missed = true;
      return [];
    },
  });
  requested = language;
  i18n.loadAndActivate({ locale: language, messages: page });
  completeCatalog(language);
}

/** The page's catalog, once it is on screen; on a dropped connection, again when it is back. */
function completeCatalog(language: StoreLanguage): void {
  loadCatalog(language).catch((error: unknown) => {
    console.warn('The language catalog did not load; it is asked again when online.', error);
    window.addEventListener(
      'online',
      () => {
        completeCatalog(language);
      },
      { once: true },
    );
  });
}

/** Resolves once the page's whole catalog is here (at once when it always was). */
export function wholeCatalog(): Promise<void> {
  return partial ? loadCatalog(partial) : Promise.resolve();
}

/**
 * Before text is made outside a render (a form's errors, a refusal kept in state): such text
 * is not rendered again when the catalog arrives, so it waits for the catalog while the page
 * has only its own messages. If the catalog cannot load, it goes on with what is here.
 */
export function catalogReady(): Promise<void> {
  return wholeCatalog().catch(() => undefined);
}

/** True while the page shows only its own messages (its language's catalog is not here yet). */
export function catalogIsPartial(): boolean {
  return partial !== undefined;
}

export function activateLanguage(language: StoreLanguage): Promise<void> {
  requested = language;
  return loadCatalog(language);
}

/** Loads a language's catalog once; it becomes the active one if it is the one asked for last. */
function loadCatalog(language: StoreLanguage): Promise<void> {
  if (i18n.locale === language && partial !== language) return Promise.resolve();
  let pending = activating.get(language);
  if (!pending) {
    pending = (async () => {
      if (partial === language) {
        // Nothing the first paint needs: the catalog waits for it.
        await afterFirstPaint();
        const messages = await catalogOf(language);
        partial = undefined;
        if (missed) {
          // Something shows nothing: render again with the text.
          i18n.load(language, messages);
        } else {
          // Every message on screen is already right: nothing to render again.
          Object.assign(pageMessages, messages);
        }
        if (requested === language && i18n.locale !== language) i18n.activate(language);
        return;
      }
      const messages = await catalogOf(language);
      if (requested === language) i18n.loadAndActivate({ locale: language, messages });
      else i18n.load(language, messages);
    })().finally(() => activating.delete(language));
    activating.set(language, pending);
  }
  return pending;
}
