/**
 * A quote's PDF as the buyer gets it, by download or attached to its mail (decision 051):
 * the layout the `quote-pdf-download-upgrade` flag chooses for the buyer in the quote's store
 * (on by default), 'Excl. VAT' where the `vat` flag says, in the quote's language.
 */
import { flagContext } from '../../../domain/flags/context';
import { quoteDocument } from '../../../domain/quote/document';
import { isLocale, storefrontFor } from '../../../domain/storefront/storefronts';
import type { FlagService } from '../flags/flag-service';
import type { MailAttachments } from '../mail/worker';
import { QUOTE_MAIL_TEMPLATE } from '../../../domain/quote/stream';
import type { Quote, QuoteState } from '../../../domain/quote/quote';
import type { MailTranslations } from '../mail/translations';
import { quotePdf } from './quote-pdf';

export interface QuoteFileDeps {
  readonly flags: FlagService;
  readonly translations: () => MailTranslations;
}

/** The file name a quote's PDF is saved under. */
export const quotePdfName = (quote: Pick<Quote, 'number'>): string => `quote-${quote.number}.pdf`;

export async function quotePdfOf(deps: QuoteFileDeps, quote: Quote): Promise<Buffer> {
  const locale = isLocale(quote.locale) ? quote.locale : 'en-us';
  const storefront = storefrontFor(locale);
  const values = await deps.flags.bootstrap(
    flagContext({
      userId: quote.buyer.userId,
      siteUid: storefront.storeId,
      storeUid: storefront.storeId,
      locale,
      country: storefront.defaultCountry,
    }),
  );
  const upgraded = values['quote-pdf-download-upgrade'] !== false;
  const content = quoteDocument({ quote }, deps.translations().translate(locale), {
    exclVat: values.vat === true,
  });
  return quotePdf(content, upgraded ? 'upgraded' : 'classic');
}

/** A quote mail carries the quote's PDF. */
export function quoteMailAttachments(deps: QuoteFileDeps): MailAttachments {
  return async ({ template, data }) => {
    const quote = template === QUOTE_MAIL_TEMPLATE ? (data as QuoteState).quote : null;
    if (!quote) return [];
    return [
      {
        filename: quotePdfName(quote),
        content: await quotePdfOf(deps, quote),
        contentType: 'application/pdf',
      },
    ];
  };
}
