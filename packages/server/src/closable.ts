/** Something the node closes on shutdown (engines, services with timers), in reverse order of start. */
export interface Closable {
  close(): Promise<void>;
}
