/**
 * The sandbox's denied-party list (decision 028): what orders are screened against with
 * the `ofac` flag on, until a screening provider's list takes its place. Every name here is
 * made up for testing; none is a real person or company. With the demo data:
 *
 * - a delivery to 'Viktor Ralenko' (or the organization 'Orlan Export Trading Company') is
 *   a match, and the order is declined;
 * - 'Victor Ralenko' or 'Viktor Ivan Ralenko' is a possible match, and the order is held.
 */
import type { DeniedParty } from '../../../domain/order/screening';

export const SANDBOX_DENIED_PARTIES: readonly DeniedParty[] = [
  { name: 'Viktor Ralenko', aliases: ['Viktor A. Ralenko'], source: 'SANDBOX-SDN-101' },
  { name: 'Orlan Export Trading Company', aliases: ['Orlan Export'], source: 'SANDBOX-SDN-102' },
  { name: 'Marguerite Solvay-Brandt', source: 'SANDBOX-SDN-103' },
  { name: 'Kestrel Maritime Holdings', source: 'SANDBOX-SDN-104' },
];
