// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @title SandboxLifiDiamond - stand-in for LI.FI's diamond, one bridge entry point only.
/// @notice Installed at the real LiFiDiamond address with anvil_setCode (no constructor, no facets).
/// It keeps the real AcrossFacetV4 `startBridgeTokensViaAcrossV4(BridgeData, AcrossV4Data)` ABI and
/// emits the real `LiFiTransferStarted(BridgeData)` event, so the calldata Strait decodes and checks is
/// exactly what a wallet signs. It pulls `minAmount` of the sending asset from the caller (or takes it
/// as value) and keeps it; the sandbox fake reads the event and pays the receiver on the destination.
contract SandboxLifiDiamond {
    struct BridgeData {
        bytes32 transactionId;
        string bridge;
        string integrator;
        address referrer;
        address sendingAssetId;
        address receiver;
        uint256 minAmount;
        uint256 destinationChainId;
        bool hasSourceSwaps;
        bool hasDestinationCall;
    }

    struct AcrossV4Data {
        bytes32 receiverAddress;
        bytes32 refundAddress;
        bytes32 sendingAssetId;
        bytes32 receivingAssetId;
        uint256 outputAmount;
        uint128 outputAmountMultiplier;
        bytes32 exclusiveRelayer;
        uint32 quoteTimestamp;
        uint32 fillDeadline;
        uint32 exclusivityParameter;
        bytes message;
    }

    event LiFiTransferStarted(BridgeData bridgeData);

    // Error names match LI.FI's own (src/Errors/GenericErrors.sol).
    error InvalidReceiver();
    error InvalidAmount();
    error CannotBridgeToSameNetwork();
    error InformationMismatch();
    error TransferFromFailed();

    function startBridgeTokensViaAcrossV4(BridgeData memory _bridgeData, AcrossV4Data calldata _acrossData) external payable {
        if (_bridgeData.receiver == address(0)) revert InvalidReceiver();
        if (_bridgeData.minAmount == 0) revert InvalidAmount();
        if (_bridgeData.destinationChainId == block.chainid) revert CannotBridgeToSameNetwork();
        if (_bridgeData.hasSourceSwaps || _bridgeData.hasDestinationCall) revert InformationMismatch();
        // As AcrossFacetV4: on an EVM destination the facet data must name the same receiver.
        if (bytes32(uint256(uint160(_bridgeData.receiver))) != _acrossData.receiverAddress) revert InvalidReceiver();
        if (_bridgeData.sendingAssetId == address(0)) {
            if (msg.value != _bridgeData.minAmount) revert InvalidAmount();
        } else {
            if (msg.value != 0) revert InvalidAmount();
            if (!IERC20Like(_bridgeData.sendingAssetId).transferFrom(msg.sender, address(this), _bridgeData.minAmount)) revert TransferFromFailed();
        }
        emit LiFiTransferStarted(_bridgeData);
    }
}
