// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @title SandboxMessageTransmitterV2 - stand-in for Circle's CCTP v2 MessageTransmitterV2.
/// @notice Installed at the real MessageTransmitterV2 address with anvil_setCode, so no constructor
/// runs: the sandbox set-up configures it once through `setLocalDomain` and `setLocalUsdc`.
///
/// Source side: `sendMessage` builds the real v2 message header and emits `MessageSent` from this
/// address, exactly where indexers and the attestation service look for it.
///
/// Destination side: `receiveMessage` parses a burn message whose nonce, feeExecuted and
/// finalityThresholdExecuted were filled in by the (sandbox) attestation service, marks the nonce
/// used and pays `amount - feeExecuted` of local USDC to the mint recipient out of this contract's
/// own balance, which the set-up pre-funds; that transfer stands in for USDC's mint.
/// THE ATTESTATION IS NOT VERIFIED (sandbox: there is no Circle attester key to check against).
///
/// Message layout (real CCTP v2), header:
///   version u32 | sourceDomain u32 | destinationDomain u32 | nonce b32 | sender b32 |
///   recipient b32 | destinationCaller b32 | minFinalityThreshold u32 |
///   finalityThresholdExecuted u32 | messageBody            (header = 148 bytes)
/// burn body:
///   version u32 | burnToken b32 | mintRecipient b32 | amount u256 | messageSender b32 |
///   maxFee u256 | feeExecuted u256 | expirationBlock u256 | hookData   (fixed part = 228 bytes)
contract SandboxMessageTransmitterV2 {
    /// Real TokenMessengerV2 address (same on every CCTP v2 chain, and in the sandbox).
    address public constant TOKEN_MESSENGER = 0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d;
    uint32 public constant version = 1;
    uint256 private constant HEADER_LENGTH = 148;
    uint256 private constant BURN_BODY_LENGTH = 228;
    /// Lowest threshold TokenMessengerV2 accepts for an unfinalized ("fast") transfer.
    uint32 private constant MIN_SUPPORTED_THRESHOLD = 1000;

    // Storage: slot 0 packs localDomain, the two once-flags and usdc; slot 1 is usedNonces.
    uint32 public localDomain;
    bool private domainSet;
    bool private usdcSet;
    address public localUsdc;
    mapping(bytes32 => uint256) public usedNonces;

    event MessageSent(bytes message);
    event MessageReceived(
        address indexed caller,
        uint32 sourceDomain,
        bytes32 indexed nonce,
        bytes32 sender,
        uint32 indexed finalityThresholdExecuted,
        bytes messageBody
    );

    /// Set-up only (callable once; the sandbox calls it right after installing the code).
    function setLocalDomain(uint32 domain) external {
        require(!domainSet, "local domain already set");
        domainSet = true;
        localDomain = domain;
    }

    /// Set-up only (callable once): the USDC paid out by `receiveMessage`.
    function setLocalUsdc(address usdc) external {
        require(!usdcSet, "local USDC already set");
        require(usdc != address(0), "zero USDC");
        usdcSet = true;
        localUsdc = usdc;
    }

    /// Same signature as the real v2 `sendMessage`; the caller becomes the message sender.
    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external {
        require(domainSet, "local domain not configured");
        require(destinationDomain != localDomain, "Domain is local domain");
        require(recipient != bytes32(0), "Recipient must be nonzero");
        bytes memory message = abi.encodePacked(
            version,
            localDomain,
            destinationDomain,
            bytes32(0), // nonce: assigned by the attestation service in v2
            bytes32(uint256(uint160(msg.sender))),
            recipient,
            destinationCaller,
            minFinalityThreshold,
            uint32(0), // finalityThresholdExecuted: filled in by the attestation service
            messageBody
        );
        emit MessageSent(message);
    }

    /// The second argument (the attestation) is accepted and ignored: not verified in the sandbox.
    function receiveMessage(bytes calldata message, bytes calldata /* attestation */) external returns (bool) {
        require(domainSet && usdcSet, "transmitter not configured");
        require(message.length >= HEADER_LENGTH + BURN_BODY_LENGTH, "Invalid message length");
        require(uint32(bytes4(message[0:4])) == version, "Invalid message version");
        require(uint32(bytes4(message[8:12])) == localDomain, "Invalid destination domain");

        bytes32 destinationCaller = bytes32(message[108:140]);
        require(
            destinationCaller == bytes32(0) || destinationCaller == bytes32(uint256(uint160(msg.sender))),
            "Invalid caller for message"
        );
        // Only burn messages between TokenMessengers are understood here.
        bytes32 tokenMessenger = bytes32(uint256(uint160(TOKEN_MESSENGER)));
        require(bytes32(message[44:76]) == tokenMessenger, "Invalid sender");
        require(bytes32(message[76:108]) == tokenMessenger, "Invalid recipient");

        uint32 finalityThresholdExecuted = uint32(bytes4(message[144:148]));
        require(finalityThresholdExecuted >= MIN_SUPPORTED_THRESHOLD, "Unsupported finality threshold");

        bytes32 nonce = bytes32(message[12:44]);
        require(usedNonces[nonce] == 0, "Nonce already used");
        usedNonces[nonce] = 1;

        _mint(message[HEADER_LENGTH:]);

        emit MessageReceived(
            msg.sender,
            uint32(bytes4(message[4:8])),
            nonce,
            bytes32(message[44:76]),
            finalityThresholdExecuted,
            message[HEADER_LENGTH:]
        );
        return true;
    }

    /// Validates the burn body like TokenMessengerV2 does, then pays out `amount - feeExecuted`.
    /// The burnToken field is not mapped: the only bridged token in the sandbox is USDC.
    function _mint(bytes calldata body) private {
        require(uint32(bytes4(body[0:4])) == 1, "Invalid message body version");
        address mintRecipient = address(uint160(uint256(bytes32(body[36:68]))));
        uint256 amount = uint256(bytes32(body[68:100]));
        uint256 maxFee = uint256(bytes32(body[132:164]));
        uint256 feeExecuted = uint256(bytes32(body[164:196]));
        uint256 expirationBlock = uint256(bytes32(body[196:228]));
        require(mintRecipient != address(0), "Mint recipient must be nonzero");
        require(feeExecuted == 0 || feeExecuted < amount, "Fee equals or exceeds amount");
        require(feeExecuted <= maxFee, "Fee exceeds max fee");
        require(expirationBlock == 0 || expirationBlock > block.number, "Message expired and must be re-signed");

        (bool ok, bytes memory ret) =
            localUsdc.call(abi.encodeWithSelector(0xa9059cbb, mintRecipient, amount - feeExecuted)); // transfer
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        require(ret.length == 0 || abi.decode(ret, (bool)), "USDC transfer failed");
    }
}
