/** Why init refused to run. Each message says what to do next. */
export type InitErrorCode =
  | 'CHAIN_TYPE_REQUIRED'
  | 'CHAIN_TYPE_SWITCH'
  | 'PREREQUISITE_MISSING'
  | 'PUBLIC_IP_UNKNOWN'
  | 'INVALID_OPTION'
  | 'KEYSTORE_WITHOUT_PASSWORD'
  | 'SETTINGS_NEED_REINIT'
  | 'UNREADABLE_EXISTING_FILE';

export class InitError extends Error {
  override readonly name = 'InitError';
  constructor(
    readonly code: InitErrorCode,
    message: string,
  ) {
    super(message);
  }
}
