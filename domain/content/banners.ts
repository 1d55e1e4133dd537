/**
 * Which of the navigation's banners show now (SPEC 7.1). Apart from the schemas
 * (schemas.ts) so the header that shows them needs no parser (decision 041).
 */
import type { Banner } from './schemas';

/** The banners to show now: those whose window holds `now` (an ISO instant). */
export function activeBanners(banners: readonly Banner[], now: string): Banner[] {
  const time = Date.parse(now);
  return banners.filter((b) => Date.parse(b.startsAt) <= time && time < Date.parse(b.endsAt));
}
