// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Cella payment contract, version 1
/// @notice Pays storage-plan orders in the chain's native coin (ELA on ESC). The ABI of every
///         function and event matches the Hive node's `HivePaymentV1` (same selectors, same return
///         encodings), so a node can settle against either this contract or the deployed Hive one.
/// @dev Differences from HivePaymentV1, all deliberate:
///      - custom errors instead of revert strings (cheaper, decodable by name);
///      - no `receive`/`fallback`: plain transfers to the contract revert instead of being locked
///        in it forever (HivePaymentV1 accepts them and has no way to withdraw);
///      - the order is stored and the event emitted before any value leaves the contract
///        (checks-effects-interactions), on top of a reentrancy guard;
///      - the views do not reject the zero address; they simply find no orders for it.
contract PaymentV1 {
    /// One paid order. `amount` is the gross value paid, before the platform fee.
    struct Order {
        uint256 orderId;
        uint256 amount;
        address to;
        string memo;
    }

    /// The fee rate is a percentage: `platformFeeRate` / RATE_BASE of each payment.
    uint256 private constant RATE_BASE = 100;

    uint256 private constant NOT_ENTERED = 1;
    uint256 private constant ENTERED = 2;

    address private _owner;
    address private _platformAddress;
    uint256 private _platformFeeRate;
    uint256 private _reentrancyStatus = NOT_ENTERED;

    /// All orders, indexed by orderId; ids are sequential from 0, so the length is the next id.
    Order[] private _orders;
    /// Orders by payer (msg.sender of payOrder), in payment order.
    mapping(address => uint256[]) private _orderIdsByPayer;

    /// Emitted once per paid order. No parameter is indexed, as in HivePaymentV1.
    event OrderPay(address from, address to, uint256 amount, uint256 orderId);
    event PlatformFeeChanged(address platformAddress, uint256 platformFeeRate);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    /// payOrder was called without value.
    error ZeroValue();
    /// payOrder was called with the zero address as recipient.
    error InvalidRecipient();
    /// No order has this id (ids run from 0 to the number of orders - 1).
    error InvalidOrderId(uint256 orderId);
    /// The payer has fewer than `index + 1` orders.
    error InvalidOrderIndex(address payer, uint256 index);
    /// The platform address is the zero address.
    error InvalidPlatformAddress();
    /// The fee rate is above 100 (percent).
    error InvalidPlatformFeeRate(uint256 platformFeeRate);
    /// The caller is not the owner.
    error NotOwner(address caller);
    /// The new owner is the zero address (use renounceOwnership to drop ownership).
    error InvalidOwner();
    /// A call re-entered a guarded function.
    error ReentrantCall();
    /// Sending value to `to` failed (it reverted or ran out of gas).
    error TransferFailed(address to, uint256 amount);

    modifier onlyOwner() {
        if (msg.sender != _owner) revert NotOwner(msg.sender);
        _;
    }

    modifier nonReentrant() {
        if (_reentrancyStatus == ENTERED) revert ReentrantCall();
        _reentrancyStatus = ENTERED;
        _;
        _reentrancyStatus = NOT_ENTERED;
    }

    constructor(address platformAddress_, uint256 platformFeeRate_) {
        _transferOwnership(msg.sender);
        _setPlatformFee(platformAddress_, platformFeeRate_);
    }

    /// @notice Pays an order: `platformFeeRate`% of msg.value goes to the platform address, the
    ///         rest to `to`. The order is stored with the gross amount and gets the next id.
    /// @param to the recipient (a vault node's receiving address)
    /// @param memo free text; a vault node expects the order proof JWT it issued
    function payOrder(address to, string calldata memo) external payable nonReentrant {
        if (msg.value == 0) revert ZeroValue();
        if (to == address(0)) revert InvalidRecipient();

        uint256 platformFee = (msg.value * _platformFeeRate) / RATE_BASE;
        uint256 transferAmount = msg.value - platformFee;
        address platformAddress = _platformAddress;

        // Effects first: the order exists before any external call can run code.
        uint256 orderId = _orders.length;
        _orders.push(Order({orderId: orderId, amount: msg.value, to: to, memo: memo}));
        _orderIdsByPayer[msg.sender].push(orderId);
        emit OrderPay(msg.sender, to, msg.value, orderId);

        // Interactions last. `call` forwards all gas so contract wallets can receive; any
        // failure reverts the whole payment, order included.
        if (platformFee > 0) _sendValue(platformAddress, platformFee);
        if (transferAmount > 0) _sendValue(to, transferAmount);
    }

    /// @notice The order with this id; reverts with InvalidOrderId when there is none.
    function getOrder(uint256 orderId) external view returns (Order memory) {
        if (orderId >= _orders.length) revert InvalidOrderId(orderId);
        return _orders[orderId];
    }

    /// @notice Every order paid by `addr`, oldest first.
    function getOrders(address addr) external view returns (Order[] memory orders) {
        uint256[] storage ids = _orderIdsByPayer[addr];
        orders = new Order[](ids.length);
        for (uint256 i = 0; i < ids.length; i++) {
            orders[i] = _orders[ids[i]];
        }
    }

    /// @notice The `index`-th order paid by `addr` (0 = oldest).
    function getOrderByAddress(address addr, uint256 index) external view returns (Order memory) {
        uint256[] storage ids = _orderIdsByPayer[addr];
        if (index >= ids.length) revert InvalidOrderIndex(addr, index);
        return _orders[ids[index]];
    }

    /// @notice How many orders `addr` has paid.
    function getOrderCountByAddress(address addr) external view returns (uint256) {
        return _orderIdsByPayer[addr].length;
    }

    /// @notice Where the platform fee goes and its rate in percent.
    function getPlatformFee() external view returns (address platformAddress, uint256 platformFeeRate) {
        return (_platformAddress, _platformFeeRate);
    }

    /// @notice Changes the platform address and fee rate (owner only). Applies to later payments.
    function setPlatformFee(address platformAddress, uint256 platformFeeRate) external onlyOwner {
        _setPlatformFee(platformAddress, platformFeeRate);
    }

    function owner() external view returns (address) {
        return _owner;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert InvalidOwner();
        _transferOwnership(newOwner);
    }

    /// @notice Drops ownership for good: the fee can no longer be changed.
    function renounceOwnership() external onlyOwner {
        _transferOwnership(address(0));
    }

    function _setPlatformFee(address platformAddress, uint256 platformFeeRate) private {
        if (platformAddress == address(0)) revert InvalidPlatformAddress();
        if (platformFeeRate > RATE_BASE) revert InvalidPlatformFeeRate(platformFeeRate);
        _platformAddress = platformAddress;
        _platformFeeRate = platformFeeRate;
        emit PlatformFeeChanged(platformAddress, platformFeeRate);
    }

    function _transferOwnership(address newOwner) private {
        address previousOwner = _owner;
        _owner = newOwner;
        emit OwnershipTransferred(previousOwner, newOwner);
    }

    function _sendValue(address to, uint256 amount) private {
        (bool ok, ) = payable(to).call{value: amount}("");
        if (!ok) revert TransferFailed(to, amount);
    }
}
