/**
 * 'Excl. VAT' beside a price in the VAT stores (United Kingdom, Netherlands, Spain) when the
 * `vat` flag is on (SPEC 3, 9; decision 025): prices are net, VAT is added at checkout.
 */
import { useLingui } from '@lingui/react';
import { isVatStore } from '../../domain/tax/vat-stores';
import { TAX_MESSAGES } from '../../domain/tax/messages';
import { flags$ } from '../infra/flags';
import { useObservableValue } from '../infra/use-observable';
import { useStorefront } from './use-storefront';

export function useShowsVatNote(): boolean {
  const storefront = useStorefront();
  const flags = useObservableValue(flags$);
  return flags.vat === true && isVatStore(storefront.storeId);
}

export function VatNote() {
  const { i18n } = useLingui();
  if (!useShowsVatNote()) return null;
  return <span className="price-note"> {i18n._(TAX_MESSAGES.exclVat)}</span>;
}
