/**
 * The store's operator channel (decision 037) for the browser tests: what `npm run orders`
 * does, asked of the store process a test runs (server-process.ts) at its DATA_DIR. A test
 * moves an order on with `stepOrder` instead of waiting for the fulfilment's step time.
 */
import { callOperator } from '../../server/src/ops/client';
import {
  operatorSocketPath,
  type OperatorArgs,
  type OperatorCommandName,
  type OperatorResult,
} from '../../server/src/ops/contract';

/** The operator the tests act as: the actor of their orders' events. */
export const TEST_OPERATOR = 'e2e-operator';

/** One command answered by the store running on `dataDir`; a refusal throws `OperatorRefusal`. */
export async function operatorCall<N extends OperatorCommandName>(
  dataDir: string,
  command: N,
  args: OperatorArgs<N>,
): Promise<OperatorResult<N>> {
  return (await callOperator(operatorSocketPath(dataDir), command, args)).result;
}

/**
 * The order's next fulfilment step, taken now (`npm run orders -- step`); the order's status
 * after it. An order that waits for something else (a payment, participants) is left as it is:
 * its status is the same as before.
 */
export async function stepOrder(dataDir: string, reference: string): Promise<string> {
  const stepped = await operatorCall(dataDir, 'orders-step', { reference, by: TEST_OPERATOR });
  return stepped.status;
}
