/** When an order is expected to ship, and with whom and under which number it did (SPEC 3). */
import { Trans } from '@lingui/react/macro';
import type { Shipment } from '../../../../domain/order/fulfilment';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';

export function ShipmentFacts({
  estimatedShipDate,
  shipment,
}: {
  estimatedShipDate: string | null;
  shipment: Shipment | null;
}) {
  const storefront = useStorefront();
  const day = new Intl.DateTimeFormat(languageTag(storefront), {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  const estimated = shipment?.estimatedShipDate ?? estimatedShipDate;
  return (
    <>
      {estimated ? (
        <>
          <dt>
            <Trans>Est. ship date</Trans>
          </dt>
          <dd>
            <time dateTime={estimated}>{day.format(new Date(`${estimated}T00:00:00Z`))}</time>
          </dd>
        </>
      ) : null}
      {shipment ? (
        <>
          <dt>
            <Trans>Carrier</Trans>
          </dt>
          <dd>{shipment.carrier}</dd>
          <dt>
            <Trans>Tracking number</Trans>
          </dt>
          <dd data-testid="tracking-number">{shipment.trackingNumber}</dd>
        </>
      ) : null}
    </>
  );
}
