/**
 * Failure converter for workers and clients that use the encryption codec
 * (worker/codec.ts): failure messages and stack traces are written into an
 * encoded-attributes payload, which the codec encrypts, instead of plain text.
 * Loaded by path (`failureConverterPath`) inside the workflow sandbox, so this
 * file imports nothing but @temporalio/common.
 */
import { DefaultFailureConverter } from '@temporalio/common';

export const failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });
