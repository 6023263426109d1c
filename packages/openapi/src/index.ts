export { endpoints, endpointList, type EndpointId, type Endpoints } from './endpoints/index.js';
export {
  hiveEndpoints,
  hiveEndpointList,
  hiveSharedOperations,
  type HiveEndpointId,
  type HiveEndpoints,
} from './endpoints/hive/index.js';
export {
  ANONYMOUS_RATE_LIMIT,
  DEFAULT_BODY_LIMIT,
  MAX_REQUEST_HEAD_BYTES,
  MODE_RATE_LIMITS,
  defaultStatus,
  rateLimitsOf,
  type AuthMode,
  type RateLimit,
  type BinaryBody,
  type Endpoint,
  type HiveTag,
  type EndpointExamples,
  type Example,
  type HttpMethod,
  type Tag,
} from './endpoint.js';
export { errorBody } from './errors.js';
export {
  errorBodyFor,
  errorCatalogue,
  errorCodeFor,
  errorCodes,
  type ErrorBody,
  type ErrorCode,
} from './error-codes.js';
export {
  DEFAULT_SERVER,
  buildOpenApiDocument,
  contractVersion,
  documentFiles,
  documentPaths,
  documentedEntries,
  type Dialect,
  type DocumentOptions,
} from './document.js';
export type { DocumentedEndpoint } from './route-variants.js';
export { codeSamplesOf, operationsWithCodeSamples, type CodeSample } from './code-samples.js';
export { signInProtocolMarkdown } from './sign-in-protocol.js';
export { signInVector, type SignInVector } from './sign-in-vector.js';
export { serialiseDocument } from './serialise.js';
export * as schemas from './schemas/index.js';
