// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

interface IERC20Pull {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @title SandboxSquidRouter - stand-in for Squid's router, its two bridge entry points only.
/// @notice Installed at the real SquidRouter address with anvil_setCode (no constructor, no proxy).
/// It keeps the real `callBridge` / `callBridgeCall` ABI of the verified SquidRouter (ISquidMulticall.Call
/// included), so the calldata Strait decodes and checks is exactly what a wallet signs. It takes
/// `amount` of `token` from the caller (or, for the native placeholder, as value, the rest of the
/// value being Axelar's gas), keeps it and emits `SquidBridgeStarted`; the sandbox fake decodes the
/// mined call and pays the recipient its destination payload names on the destination chain.
contract SandboxSquidRouter {
    enum CallType {
        Default,
        FullTokenBalance,
        FullNativeBalance,
        CollectTokenBalance
    }

    struct Call {
        CallType callType;
        address target;
        uint256 value;
        bytes callData;
        bytes payload;
    }

    address private constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    event SquidBridgeStarted(address token, uint256 amount, string destinationChain, string destinationAddress, bytes payload);

    // Error names match the real router's (ISquidRouter / SquidRouter).
    error TransferFailed();
    error InvalidAmount();

    function callBridge(
        address token,
        uint256 amount,
        Call[] calldata,
        string calldata,
        string calldata destinationChain,
        string calldata destinationAddress
    ) external payable {
        _take(token, amount);
        emit SquidBridgeStarted(token, amount, destinationChain, destinationAddress, "");
    }

    function callBridgeCall(
        address token,
        uint256 amount,
        Call[] calldata,
        string calldata,
        string calldata destinationChain,
        string calldata destinationAddress,
        bytes calldata payload,
        address,
        bool
    ) external payable {
        _take(token, amount);
        emit SquidBridgeStarted(token, amount, destinationChain, destinationAddress, payload);
    }

    function _take(address token, uint256 amount) private {
        if (amount == 0) revert InvalidAmount();
        if (token == NATIVE) {
            if (msg.value < amount) revert InvalidAmount();
            return;
        }
        if (!IERC20Pull(token).transferFrom(msg.sender, address(this), amount)) revert TransferFailed();
    }
}
