/**
 * Which discount label a cart line or cart shows (SPEC 4.7), and the notices that go with
 * the University Alliance Program (UAP) and organizational discount statuses.
 */
import type { MessageDescriptor } from '../shared/message';

export const UAP_STATUSES = ['UAP_APPLIED', 'UAP_LIMIT_REACHED', 'UAP_EXPIRED'] as const;
export type UapStatus = (typeof UAP_STATUSES)[number];

export const ORG_DISCOUNT_STATUSES = ['OLD_APPLIED', 'OLD_EXPIRED', 'OLD_NOT_STARTED'] as const;
export type OrgDiscountStatus = (typeof ORG_DISCOUNT_STATUSES)[number];

export type DiscountLabel = 'uap' | 'organization' | 'general';

export interface DiscountLabelInput {
  readonly uapStatus?: UapStatus | null;
  readonly orgDiscountStatus?: OrgDiscountStatus | null;
  /** The UAP feature of the store. */
  readonly uapEnabled: boolean;
  /** The org-level discount feature flag (SPEC 9). */
  readonly orgLevelDiscountEnabled: boolean;
}

/**
 * SPEC 4.7: the UAP label when UAP is applied and the feature is enabled; the organizational
 * label when the org discount is applied and the feature is on; otherwise the general label.
 */
export function discountLabel(input: DiscountLabelInput): DiscountLabel {
  if (input.uapEnabled && input.uapStatus === 'UAP_APPLIED') return 'uap';
  if (input.orgLevelDiscountEnabled && input.orgDiscountStatus === 'OLD_APPLIED') {
    return 'organization';
  }
  return 'general';
}

export const DISCOUNT_LABELS = {
  uap: /*i18n*/ {
    id: 'pricing.discount-label.uap',
    message: 'University Alliance Program discount',
  },
  organization: /*i18n*/ {
    id: 'pricing.discount-label.organization',
    message: 'Organizational discount',
  },
  general: /*i18n*/ { id: 'pricing.discount-label.general', message: 'Discount' },
} as const satisfies Record<DiscountLabel, MessageDescriptor>;

export const DISCOUNT_NOTICES = {
  UAP_LIMIT_REACHED: /*i18n*/ {
    id: 'pricing.uap.limit-reached',
    message:
      'This account has reached its University Alliance Program (UAP) limit, so the UAP discount is not applied to its orders. To have the limit raised, contact your university’s program coordinator or customer service.',
  },
  UAP_EXPIRED: /*i18n*/ {
    id: 'pricing.uap.expired',
    message: 'Your University Alliance Program discount has expired.',
  },
  OLD_EXPIRED: /*i18n*/ {
    id: 'pricing.org-discount.expired',
    message: "Your organization's discount has expired.",
  },
  OLD_NOT_STARTED: /*i18n*/ {
    id: 'pricing.org-discount.not-started',
    message: "Your organization's discount has not started yet.",
  },
} as const satisfies Partial<Record<UapStatus | OrgDiscountStatus, MessageDescriptor>>;

/** The notice a discount status calls for, if any (applied discounts need none). */
export function discountNotice(
  status: UapStatus | OrgDiscountStatus | null | undefined,
): MessageDescriptor | undefined {
  if (!status || status === 'UAP_APPLIED' || status === 'OLD_APPLIED') return undefined;
  return DISCOUNT_NOTICES[status];
}

/**
 * The notices an account's programmes call for where its discount shows (the cart, checkout),
 * each once: a reached UAP limit, an expired or future discount.
 */
export function discountNotices(
  statuses: readonly (UapStatus | OrgDiscountStatus)[],
): MessageDescriptor[] {
  const notices: MessageDescriptor[] = [];
  for (const status of statuses) {
    const notice = discountNotice(status);
    if (notice && !notices.includes(notice)) notices.push(notice);
  }
  return notices;
}
