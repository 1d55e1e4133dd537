/**
 * The tax of a checkout or an order as rows of a totals list (decision 025): each tax with
 * its rate ('VAT (20%)'), or why there is none: tax exempt (SPEC 6), an export, or no
 * address yet to tax by.
 */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { TAX_MESSAGES } from '../../../../domain/tax/messages';
import type { TaxBasis } from '../../../../domain/tax/tax';
import type { MessageDescriptor } from '../../../../domain/shared/message';

export interface TaxRowsProps {
  readonly tax: {
    readonly basis: TaxBasis;
    readonly lines: readonly {
      readonly id: string;
      readonly label: MessageDescriptor;
      readonly rate: string;
      readonly amountMinor: number;
    }[];
  };
  readonly format: (minor: number) => string;
}

export function TaxRows({ tax, format }: TaxRowsProps) {
  const { i18n } = useLingui();
  if (tax.lines.length > 0) {
    return (
      <>
        {tax.lines.map((line) => (
          <TaxRow
            key={line.id}
            term={`${i18n._(line.label)} (${line.rate})`}
            amount={format(line.amountMinor)}
          />
        ))}
      </>
    );
  }
  const why =
    tax.basis === 'exempt'
      ? i18n._(TAX_MESSAGES.exempt)
      : tax.basis === 'export'
        ? i18n._(TAX_MESSAGES.export)
        : tax.basis === 'unknown-address'
          ? i18n._(TAX_MESSAGES.addressNeeded)
          : null;
  return (
    <>
      <dt>
        <Trans>Tax</Trans>
      </dt>
      <dd data-testid="tax-total">
        {format(0)}
        {why ? <span className="checkout-totals__note"> {why}</span> : null}
      </dd>
    </>
  );
}

function TaxRow({ term, amount }: { term: string; amount: string }) {
  return (
    <div className="review-totals__row">
      <dt>{term}</dt>
      <dd data-testid="tax-line">{amount}</dd>
    </div>
  );
}
