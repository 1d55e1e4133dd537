/**
 * The quote mail (decision 051): sent to the buyer, and to an address they give, when they
 * email a quote; the quote's PDF is attached by the server when it is sent. Its words are the
 * quote document's, so the mail and the PDF say the same.
 */
import type { QuoteState } from '../quote/quote';
import { QUOTE_DOCUMENT_MESSAGES as M, quoteDocument } from '../quote/document';
import { escapeHtml } from './html';
import type { RenderedMail, Translate } from './order-confirmation';

export function renderQuoteMail(state: QuoteState, translate: Translate): RenderedMail {
  const quote = state.quote;
  if (!quote) throw new Error('A quote mail needs a numbered quote');
  const content = quoteDocument({ quote }, translate, { exclVat: false });
  const greeting = translate(M.greeting, { name: quote.buyer.firstName });
  const intro = translate(M.mailIntro, { number: quote.number, store: content.store.name });
  const facts = [...content.facts, content.totals[content.totals.length - 1]].filter(
    (f) => f !== undefined,
  );
  const text = [
    greeting,
    intro,
    facts.map((f) => translate(M.labelled, { label: f.label, value: f.value })).join('\n'),
    content.lines.map((l) => `${l.quantity} x ${l.code} ${l.name}: ${l.total}`).join('\n'),
    content.notes.join('\n'),
    [content.store.name, ...content.store.lines].join('\n'),
  ].join('\n\n');
  const html = `<!doctype html><html lang="${escapeHtml(content.language)}"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">${facts
    .map(
      (f) =>
        `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(f.label)}</th><td>${f.strong ? '<strong>' : ''}${escapeHtml(f.value)}${f.strong ? '</strong>' : ''}</td></tr>`,
    )
    .join('')}</table>
<ul>${content.lines
    .map(
      (l) =>
        `<li>${escapeHtml(l.quantity)} &times; ${escapeHtml(l.code)} ${escapeHtml(l.name)}: ${escapeHtml(l.total)}</li>`,
    )
    .join('')}</ul>
${content.notes.map((n) => `<p style="color:#555">${escapeHtml(n)}</p>`).join('')}
<p style="color:#555">${[content.store.name, ...content.store.lines].map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject: content.subject, text, html };
}
