/** The one byte-stable text form of the OpenAPI document (committed file, served file, freshness test). */
export function serialiseDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
