/**
 * A source's Vega-Lite transforms failed over its rows: the definition is wrong, not the network. Its own module, so
 * the notices and the blocks tell it apart without loading Vega.
 */
export class TransformError extends Error {
  override name = 'TransformError';
}
