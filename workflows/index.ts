/** The workflows the tracetwin worker registers (bundled for the Temporal sandbox). */
export { contentRetentionWorkflow, twinWorkflow } from './twin';
export { deliveryWorkflow } from './delivery';
