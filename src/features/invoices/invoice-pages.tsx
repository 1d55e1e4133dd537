/**
 * The invoice pages and their loaders as one module: a buyer who opens one opens the others,
 * and one lazy import costs the first load one entry rather than four.
 */
export { InvoicesPage } from './components/InvoicesPage';
export { InvoiceDetailsPage } from './components/InvoiceDetailsPage';
export { InvoicePaymentPage } from './components/InvoicePaymentPage';
export { InvoicePaymentConfirmationPage } from './components/InvoicePaymentConfirmationPage';
export {
  invoiceConfirmationLoader,
  invoiceDetailsLoader,
  invoicePaymentLoader,
  invoicesLoader,
} from './invoices-loader';
