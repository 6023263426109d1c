// SPDX-License-Identifier: MIT
// Test-only contracts, compiled in memory by the tests (never shipped).
pragma solidity 0.8.37;

interface IPaymentV1 {
    function payOrder(address to, string calldata memo) external payable;
}

/// A recipient that tries to pay another order from inside the payment it receives.
/// swallow = false: the re-entry failure propagates, so the outer payment must fail.
/// swallow = true: the failure is caught and its revert data kept for the test to inspect.
contract ReentrantReceiver {
    IPaymentV1 public immutable target;
    bool public immutable swallow;
    bytes public lastError;
    uint256 public reentries;

    constructor(address target_, bool swallow_) {
        target = IPaymentV1(target_);
        swallow = swallow_;
    }

    receive() external payable {
        if (reentries > 0) return; // one attempt is enough (and bounds recursion if unguarded)
        reentries++;
        if (swallow) {
            try target.payOrder{value: msg.value}(address(this), "reentry") {} catch (bytes memory reason) {
                lastError = reason;
            }
        } else {
            target.payOrder{value: msg.value}(address(this), "reentry");
        }
    }
}

/// A recipient that refuses every payment.
contract RejectingReceiver {
    receive() external payable {
        revert("no thanks");
    }
}
