import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_LABELS,
  discountLabel,
  discountNotice,
  discountNotices,
  ORG_DISCOUNT_STATUSES,
  UAP_STATUSES,
} from './discount-label';

describe('discount label (SPEC 4.7)', () => {
  it('shows the UAP label when UAP is applied and the feature is enabled', () => {
    expect(
      discountLabel({
        uapStatus: 'UAP_APPLIED',
        orgDiscountStatus: 'OLD_APPLIED',
        uapEnabled: true,
        orgLevelDiscountEnabled: true,
      }),
    ).toBe('uap');
  });

  it('shows the organizational label when the org discount is applied and its flag is on', () => {
    expect(
      discountLabel({
        uapStatus: 'UAP_APPLIED',
        orgDiscountStatus: 'OLD_APPLIED',
        uapEnabled: false,
        orgLevelDiscountEnabled: true,
      }),
    ).toBe('organization');
  });

  it('shows the general label otherwise, for every other combination', () => {
    for (const uapStatus of [...UAP_STATUSES, null]) {
      for (const orgDiscountStatus of [...ORG_DISCOUNT_STATUSES, null]) {
        for (const uapEnabled of [true, false]) {
          for (const orgLevelDiscountEnabled of [true, false]) {
            const input = { uapStatus, orgDiscountStatus, uapEnabled, orgLevelDiscountEnabled };
            const expected =
              uapEnabled && uapStatus === 'UAP_APPLIED'
                ? 'uap'
                : orgLevelDiscountEnabled && orgDiscountStatus === 'OLD_APPLIED'
                  ? 'organization'
                  : 'general';
            expect(discountLabel(input), JSON.stringify(input)).toBe(expected);
          }
        }
      }
    }
  });

  it('names the labels', () => {
    expect(DISCOUNT_LABELS.uap.message).toBe('University Alliance Program discount');
    expect(DISCOUNT_LABELS.general.message).toBe('Discount');
  });

  it('gives a notice for a reached limit or an expired or future discount only', () => {
    expect(discountNotice('UAP_APPLIED')).toBeUndefined();
    expect(discountNotice('OLD_APPLIED')).toBeUndefined();
    expect(discountNotice(null)).toBeUndefined();
    expect(discountNotice('UAP_LIMIT_REACHED')?.id).toBe('pricing.uap.limit-reached');
    expect(discountNotice('OLD_NOT_STARTED')?.message).toBe(
      "Your organization's discount has not started yet.",
    );
  });

  it('says the UAP limit is reached, that the discount is not applied and what to do', () => {
    const message = discountNotice('UAP_LIMIT_REACHED')?.message ?? '';
    expect(message).toMatch(/reached its University Alliance Program \(UAP\) limit/);
    expect(message).toMatch(/UAP discount is not applied/);
    expect(message).toMatch(/contact your university’s program coordinator or customer service/);
  });

  it('gives the notices of the programmes that do not apply, each once, in their order', () => {
    expect(discountNotices([])).toEqual([]);
    expect(discountNotices(['UAP_APPLIED', 'OLD_APPLIED'])).toEqual([]);
    expect(discountNotices(['UAP_LIMIT_REACHED', 'OLD_APPLIED']).map((n) => n.id)).toEqual([
      'pricing.uap.limit-reached',
    ]);
    expect(
      discountNotices(['OLD_NOT_STARTED', 'UAP_LIMIT_REACHED', 'UAP_LIMIT_REACHED']).map(
        (n) => n.id,
      ),
    ).toEqual(['pricing.org-discount.not-started', 'pricing.uap.limit-reached']);
  });
});
