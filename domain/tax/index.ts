/** Tax's public surface (decision 025). */
export { TAX_KIND_LABELS, TAX_MESSAGES } from './messages';
export {
  formatRate,
  TAX_JURISDICTIONS,
  TAX_KINDS,
  type TaxJurisdiction,
  type TaxKind,
  type TaxRate,
} from './rates';
export {
  isVatStore,
  taxFor,
  type TaxableAddress,
  type TaxBasis,
  type TaxInput,
  type TaxLine,
  type TaxResult,
} from './tax';
