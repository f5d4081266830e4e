/** A trace the engine refuses, whatever the attempt: not text, nested too deep, or too dense in distinct values. */
export class UnsupportedContentError extends Error {
  readonly code = 'unsupported_content';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedContentError';
  }
}
