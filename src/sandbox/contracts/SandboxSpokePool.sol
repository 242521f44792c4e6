// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @title SandboxSpokePool - stand-in for the Across V3 SpokePool, origin side only.
/// @notice Installed at the real SpokePool address with anvil_setCode (no constructor, no proxy).
/// It keeps the real `depositV3` ABI and emits the real `V3FundsDeposited` event so the service's
/// unsigned deposit transactions and its log decoding are exercised unchanged. Relayer fills,
/// routes, fees and refunds are out of scope: a sandbox relayer reads the event and pays out itself.
contract SandboxSpokePool {
    /// Same constant as the real SpokePool: an exclusivityParameter up to this many seconds is
    /// an offset from now; anything larger is an absolute timestamp.
    uint32 public constant MAX_EXCLUSIVITY_PERIOD_SECONDS = 31_536_000;
    /// The real pool rejects quotes older than its depositQuoteTimeBuffer (3600 s on mainnet).
    uint32 public constant depositQuoteTimeBuffer = 3600;
    /// Not real: tolerance for a quote timestamp slightly ahead of the chain's clock (the real pool
    /// underflows on any future timestamp; anvil's clock and the service's can drift a little).
    uint32 private constant FUTURE_QUOTE_TOLERANCE = 600;

    /// slot 0; starts at 0 because no initializer ever runs.
    uint32 public numberOfDeposits;

    event V3FundsDeposited(
        address inputToken,
        address outputToken,
        uint256 inputAmount,
        uint256 outputAmount,
        uint256 indexed destinationChainId,
        uint32 indexed depositId,
        uint32 quoteTimestamp,
        uint32 fillDeadline,
        uint32 exclusivityDeadline,
        address indexed depositor,
        address recipient,
        address exclusiveRelayer,
        bytes message
    );

    // Error names match the real SpokePool's custom errors.
    error InvalidQuoteTimestamp();
    error InvalidFillDeadline();
    error MsgValueDoesNotMatchInputAmount();

    function depositV3(
        address depositor,
        address recipient,
        address inputToken,
        address outputToken,
        uint256 inputAmount,
        uint256 outputAmount,
        uint256 destinationChainId,
        address exclusiveRelayer,
        uint32 quoteTimestamp,
        uint32 fillDeadline,
        uint32 exclusivityParameter,
        bytes calldata message
    ) external payable {
        uint256 nowTs = block.timestamp;
        if (quoteTimestamp + uint256(depositQuoteTimeBuffer) < nowTs || quoteTimestamp > nowTs + FUTURE_QUOTE_TOLERANCE) {
            revert InvalidQuoteTimestamp();
        }
        if (fillDeadline < nowTs) revert InvalidFillDeadline();

        if (msg.value > 0) {
            // The real pool wraps native ETH into WETH when inputToken is WETH; the stand-in just
            // keeps the ETH (it does not know the WETH address) but enforces the same amount rule.
            if (msg.value != inputAmount) revert MsgValueDoesNotMatchInputAmount();
        } else {
            _pull(inputToken, msg.sender, inputAmount);
        }

        uint32 exclusivityDeadline = exclusivityParameter;
        if (exclusivityParameter > 0 && exclusivityParameter <= MAX_EXCLUSIVITY_PERIOD_SECONDS) {
            exclusivityDeadline = uint32(nowTs) + exclusivityParameter;
        }

        emit V3FundsDeposited(
            inputToken,
            outputToken,
            inputAmount,
            outputAmount,
            destinationChainId,
            numberOfDeposits++,
            quoteTimestamp,
            fillDeadline,
            exclusivityDeadline,
            depositor,
            recipient,
            exclusiveRelayer,
            message
        );
    }

    /// SafeERC20-style transferFrom, as in the real pool: bubbles up the token's revert reason,
    /// tolerates tokens that return nothing, reverts on `false`.
    function _pull(address token, address from, uint256 amount) private {
        require(token.code.length > 0, "SpokePool: input token has no code");
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(0x23b872dd, from, address(this), amount));
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        require(ret.length == 0 || abi.decode(ret, (bool)), "SpokePool: transferFrom failed");
    }
}
