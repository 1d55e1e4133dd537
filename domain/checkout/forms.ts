/**
 * The forms of checkout as zod schemas (SPEC 5): an address with who receives there, and a
 * purchase order with its invoice contact. The browser's forms and the decider use the same
 * schemas; what they output is what the checkout stores.
 */
import * as z from 'zod';
import { addressSchema } from '../validation/address';
import { contactSchema, phoneCountryOf, phoneSchema } from '../validation/contact';
import { FIELD_LIMITS, optionalText, personName, requiredText } from '../validation/fields';
import { poNumberSchema } from '../validation/payment';
import type { CheckoutAddress, InvoiceContact, ThirdPartyPayment } from './state';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Who receives at an address, the address (no name in the street) and an optional phone. */
export function checkoutAddressSchema(options: { readonly line3Enabled: boolean }) {
  return z
    .object({
      firstName: personName(),
      lastName: personName(),
      organization: optionalText(100),
      address: z.unknown(),
      phone: phoneSchema.optional(),
    })
    .superRefine(
      (entry, ctx) => {
        const names = {
          firstName: text(entry.firstName),
          lastName: text(entry.lastName),
          organization: text(entry.organization),
        };
        const address = addressSchema({ line3Enabled: options.line3Enabled, names }).safeParse(
          entry.address ?? {},
        );
        if (address.success) return;
        for (const issue of address.error.issues) {
          ctx.addIssue({ ...issue, path: ['address', ...issue.path] });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .transform((entry): CheckoutAddress => {
      const address = addressSchema({ line3Enabled: options.line3Enabled }).parse(entry.address);
      return {
        firstName: entry.firstName,
        lastName: entry.lastName,
        ...(entry.organization ? { organization: entry.organization } : {}),
        line1: address.line1,
        ...(address.line2 ? { line2: address.line2 } : {}),
        ...(address.line3 ? { line3: address.line3 } : {}),
        town: address.town,
        ...(address.region ? { region: address.region } : {}),
        postalCode: address.postalCode,
        country: address.country,
        ...(entry.phone ? { phone: entry.phone.e164 } : {}),
      };
    });
}

export type CheckoutAddressInput = z.input<ReturnType<typeof checkoutAddressSchema>>;

/** SPEC 2.6, 3, 5: the purchase order number and who the invoice goes to. */
export const purchaseOrderSchema = z
  .object({ poNumber: poNumberSchema, invoiceContact: contactSchema })
  .transform((po) => ({
    method: 'purchase-order' as const,
    poNumber: po.poNumber,
    invoiceContact: {
      firstName: po.invoiceContact.firstName,
      lastName: po.invoiceContact.lastName,
      email: po.invoiceContact.email,
      phone: po.invoiceContact.phone,
    } satisfies InvoiceContact,
  }));

export type PurchaseOrderInput = z.input<typeof purchaseOrderSchema>;

/** How long a payer organisation's name may be (an organisation of an address: 100). */
export const PAYER_ORGANIZATION_MAX = 100;

/**
 * A third party who pays (the `tpp` flag; decision 061): the payer organisation, its contact
 * with SPEC 5's contact rules and messages, and its reference or authorisation number (as
 * long as a purchase order number may be: SPEC 9, 50).
 */
export const thirdPartyPaymentSchema = z
  .object({
    organization: requiredText(PAYER_ORGANIZATION_MAX),
    contact: contactSchema,
    reference: requiredText(FIELD_LIMITS.poNumber),
  })
  .transform((payer): ThirdPartyPayment => ({
    method: 'third-party',
    payer: {
      organization: payer.organization,
      contact: {
        firstName: payer.contact.firstName,
        lastName: payer.contact.lastName,
        email: payer.contact.email,
        phone: payer.contact.phone,
      },
      reference: payer.reference,
    },
  }));

export type ThirdPartyPaymentInput = z.input<typeof thirdPartyPaymentSchema>;

/** A stored address as the form takes it (to check it again, or to edit it). */
export function addressFormValues(address: CheckoutAddress) {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    organization: address.organization ?? '',
    address: {
      country: address.country,
      region: address.region ?? '',
      town: address.town,
      line1: address.line1,
      line2: address.line2 ?? '',
      ...(address.line3 !== undefined ? { line3: address.line3 } : {}),
      postalCode: address.postalCode,
    },
    ...(address.phone
      ? {
          phone: {
            country: phoneCountryOf(address.phone) ?? address.country,
            number: address.phone,
          },
        }
      : {}),
  };
}
