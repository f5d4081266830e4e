/**
 * The Temporal client side of deliveries: starting one delivery workflow
 * (idempotent by workflow id) and telling an endpoint's pending deliveries
 * that it was deleted.
 */
import type { Client } from '@temporalio/client';
import {
  DELIVERY_WORKFLOW_TYPE,
  ENDPOINT_DELETED_SIGNAL,
  deliveryWorkflowId,
  type DeliveryWorkflowInput,
} from '../workflows/delivery-types';

/** Starts the delivery unless one with its id runs or ran already (then nothing happens). */
export async function startDeliveryWorkflow(
  client: Client,
  taskQueue: string,
  input: DeliveryWorkflowInput,
): Promise<void> {
  try {
    await client.workflow.start(DELIVERY_WORKFLOW_TYPE, {
      workflowId: deliveryWorkflowId(input.eventId, input.endpointId),
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      memo: { eventId: input.eventId, endpointId: input.endpointId },
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'WorkflowExecutionAlreadyStartedError') return;
    throw err;
  }
}

/** Signals each delivery that its endpoint is gone; deliveries that already ended are skipped. */
export async function signalEndpointDeleted(client: Client, workflowIds: string[]): Promise<void> {
  await Promise.all(
    workflowIds.map(async (id) => {
      try {
        await client.workflow.getHandle(id).signal(ENDPOINT_DELETED_SIGNAL);
      } catch (err) {
        if (err instanceof Error && err.name === 'WorkflowNotFoundError') return;
        throw err;
      }
    }),
  );
}
