/**
 * What every generated client does against a node: insert → find → upload → download. The
 * TypeScript clients implement this shape; the test checks what they return.
 */
export interface RoundTripResult {
  /** The ids the insert answered. */
  insertedIds: string[];
  /** The titles of the documents the find answered. */
  foundTitles: string[];
  /** The CID the upload answered. */
  cid: string;
  /** The downloaded content, as text. */
  downloaded: string;
}

export type RoundTrip = (baseUrl: string, token: string, name: string) => Promise<RoundTripResult>;

/** The content each client uploads: its name, so each checks its own. */
export const contentOf = (name: string): string => `uploaded by the ${name} client`;
