export { OutboundPolicy, OutboundRefusedError } from './address-policy.js';
export { AnswerTooLargeError, createOutboundAgent, outboundRefusal, readCapped } from './outbound-agent.js';
export { DEFAULT_OUTBOUND_LIMITS, type OutboundLimits } from './limits.js';
export { LazyOutbound, type OutboundClient } from './lazy-outbound.js';
export { readTrustedCa, TrustedCaError } from './trusted-ca.js';
