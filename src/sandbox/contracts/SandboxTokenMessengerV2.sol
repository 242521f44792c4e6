// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

interface ISandboxMessageTransmitterV2 {
    function localDomain() external view returns (uint32);
    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external;
}

/// @title SandboxTokenMessengerV2 - stand-in for Circle's CCTP v2 TokenMessengerV2 (burn side).
/// @notice Installed at the real TokenMessengerV2 address with anvil_setCode (no constructor).
/// It has no configuration of its own: the transmitter sits at its real (constant) address and
/// knows the local domain. The burn is simulated by pulling the tokens into this contract.
/// The mint side lives in SandboxMessageTransmitterV2.receiveMessage.
contract SandboxTokenMessengerV2 {
    /// Real MessageTransmitterV2 address (same on every CCTP v2 chain, and in the sandbox).
    address public constant localMessageTransmitter = 0x81D40F21F12A8F0E3252Bccb954D722d4c464B64;
    uint32 public constant messageBodyVersion = 1;

    event DepositForBurn(
        address indexed burnToken,
        uint256 amount,
        address indexed depositor,
        bytes32 mintRecipient,
        uint32 destinationDomain,
        bytes32 destinationTokenMessenger,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 indexed minFinalityThreshold,
        bytes hookData
    );

    /// The parameters of a burn, grouped to keep the stack shallow.
    struct Burn {
        uint256 amount;
        uint32 destinationDomain;
        bytes32 mintRecipient;
        address burnToken;
        bytes32 destinationCaller;
        uint256 maxFee;
        uint32 minFinalityThreshold;
    }

    function depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold
    ) external {
        _depositForBurn(
            Burn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee, minFinalityThreshold),
            ""
        );
    }

    function depositForBurnWithHook(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold,
        bytes calldata hookData
    ) external {
        require(hookData.length > 0, "Hook data is empty");
        _depositForBurn(
            Burn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee, minFinalityThreshold),
            hookData
        );
    }

    function _depositForBurn(Burn memory b, bytes memory hookData) private {
        require(b.amount > 0, "Amount must be nonzero");
        require(b.mintRecipient != bytes32(0), "Mint recipient must be nonzero");
        require(b.maxFee < b.amount, "Max fee must be less than amount");
        _pull(b.burnToken, msg.sender, b.amount); // stands in for the burn

        // The destination TokenMessengerV2 sits at this same address on every chain.
        bytes32 destinationTokenMessenger = bytes32(uint256(uint160(address(this))));
        bytes memory body = abi.encodePacked(
            messageBodyVersion,
            bytes32(uint256(uint160(b.burnToken))),
            b.mintRecipient,
            b.amount,
            bytes32(uint256(uint160(msg.sender))),
            b.maxFee,
            uint256(0), // feeExecuted: filled in by the attestation service
            uint256(0), // expirationBlock: filled in by the attestation service
            hookData
        );
        // Emits MessageSent from the transmitter's (real) address.
        ISandboxMessageTransmitterV2(localMessageTransmitter).sendMessage(
            b.destinationDomain, destinationTokenMessenger, b.destinationCaller, b.minFinalityThreshold, body
        );

        emit DepositForBurn(
            b.burnToken,
            b.amount,
            msg.sender,
            b.mintRecipient,
            b.destinationDomain,
            destinationTokenMessenger,
            b.destinationCaller,
            b.maxFee,
            b.minFinalityThreshold,
            hookData
        );
    }

    /// SafeERC20-style transferFrom: bubbles up the token's revert reason, tolerates no return data.
    function _pull(address token, address from, uint256 amount) private {
        require(token.code.length > 0, "burn token has no code");
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(0x23b872dd, from, address(this), amount));
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        require(ret.length == 0 || abi.decode(ret, (bool)), "transferFrom failed");
    }
}
