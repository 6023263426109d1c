export { OutboundPolicy, OutboundRefusedError } from './address-policy.js';
export {
  AnswerTooLargeError,
  createOutboundAgent,
  DEFAULT_OUTBOUND_LIMITS,
  outboundRefusal,
  readCapped,
  type OutboundLimits,
} from './outbound-agent.js';
export { readTrustedCa, TrustedCaError } from './trusted-ca.js';
