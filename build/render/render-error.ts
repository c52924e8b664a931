export class RenderError extends Error {
  override name = 'RenderError';
}
