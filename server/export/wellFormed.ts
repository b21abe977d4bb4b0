/** Lone surrogates (a half of a UTF-16 pair alone), which UTF-8, URLs and headers cannot carry. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which Node 20 lacks). */
export function wellFormed(text: string): string {
  return text.replace(loneSurrogate, '\ufffd');
}
