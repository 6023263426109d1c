// Public face of @cella/contracts-abi: the PaymentV1 contract's ABI and bytecode as typed
// constants, plus library-free helpers. The ethers helpers live in '@cella/contracts-abi/ethers'
// and the anvil dev chain (Node only) in '@cella/contracts-abi/dev-chain', so this entry point
// pulls in no EVM library at all.
export {
  paymentV1Abi,
  paymentV1Bytecode,
  paymentV1DeployedBytecode,
  paymentV1Build,
} from './generated/payment-v1.js';
export {
  paymentV1FunctionNames,
  paymentV1EventNames,
  paymentV1ErrorNames,
  splitPayment,
  PLATFORM_FEE_RATE_BASE,
  hivePaymentV1Deployments,
} from './payment-v1.js';
export type {
  PaymentV1FunctionName,
  PaymentV1EventName,
  PaymentV1ErrorName,
  PaymentV1Order,
  OrderPayEvent,
} from './payment-v1.js';
export { PaymentContractError } from './errors.js';
