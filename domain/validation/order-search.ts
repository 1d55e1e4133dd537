/** Finding an order (SPEC 2.6, 5): by order number, or by PO number and organization number. */
import * as z from 'zod';
import { ORGANIZATION_NUMBER } from './account';
import { FIELD_LIMITS, requiredText } from './fields';
import { V } from './messages';

export const ORDER_NUMBER_MIN = 7;
export const ORDER_NUMBER_MAX = 14;

export const orderNumberSearchSchema = z.object({
  orderNumber: requiredText(100, {
    format: {
      pattern: (v) => v.length >= ORDER_NUMBER_MIN && v.length <= ORDER_NUMBER_MAX,
      message: V.orderNumberLength,
    },
  }),
});

export const poSearchSchema = z.object({
  poNumber: requiredText(FIELD_LIMITS.poNumber, { required: V.poNumberRequired }),
  organizationNumber: requiredText(20, {
    format: { pattern: ORGANIZATION_NUMBER, message: V.organizationNumberInvalid },
  }),
});
