/**
 * Every HTML fragment from the content service goes through DOMPurify before it reaches the
 * page: no scripts, no event handlers, no javascript: links, no forms or frames. DOMPurify
 * is loaded only when there is markup to clean.
 */
import type { Config } from 'dompurify';

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
  ],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
};

let purifier: Promise<(html: string) => string> | undefined;

function getPurifier(): Promise<(html: string) => string> {
  purifier ??= import('dompurify').then(({ default: DOMPurify }) => {
    // Links that open elsewhere must not hand the store's window to the page they open.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    return (html: string) => DOMPurify.sanitize(html, CONFIG);
  });
  return purifier;
}

export async function sanitizeHtml(html: string): Promise<string> {
  const purify = await getPurifier();
  return purify(html);
}
