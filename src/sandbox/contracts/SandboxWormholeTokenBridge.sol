// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import "./SandboxWormholeCore.sol";

interface ISandboxPortalToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
    function decimals() external view returns (uint8);
}

interface ISandboxPortalWrapped {
    function mint(address to, uint256 amount) external;
    function burn(address from, uint256 amount) external;
}

/// @title SandboxWormholeTokenBridge - stand-in for Wormhole Portal's Token Bridge on sandbox chains.
/// @notice Installed at the chain's real Token Bridge address with anvil_setCode. Set-up (once,
/// sandbox only): `initializeBridge(core, chainId)`, `registerChain` for each peer bridge,
/// `registerWrapped` for each wrapped asset. `transferTokens` locks a native token (or burns a
/// wrapped one) and publishes the real type-1 payload with the amount normalised to 8 decimals;
/// `completeTransfer` verifies the VAA through the core bridge, checks the emitter is a registered
/// bridge, marks the VAA hash completed, and releases or mints to the payload's recipient, emitting
/// the real `TransferRedeemed`. Never deploy this anywhere real.
contract SandboxWormholeTokenBridge {
    SandboxWormholeCore public wormhole;
    uint16 public chainId;
    bool private initialized;
    mapping(uint16 => bytes32) public bridgeContracts;
    mapping(uint16 => mapping(bytes32 => address)) public wrappedAsset;
    mapping(address => bool) public isWrappedAsset;
    mapping(address => uint16) private originChain;
    mapping(address => bytes32) private originAddress;
    mapping(bytes32 => bool) public isTransferCompleted;

    event TransferRedeemed(uint16 indexed emitterChainId, bytes32 indexed emitterAddress, uint64 indexed sequence);

    function initializeBridge(address core, uint16 chainId_) external {
        require(!initialized, "already initialized");
        initialized = true;
        wormhole = SandboxWormholeCore(core);
        chainId = chainId_;
    }

    function registerChain(uint16 chain, bytes32 bridge) external {
        require(bridgeContracts[chain] == bytes32(0), "chain already registered");
        bridgeContracts[chain] = bridge;
    }

    function registerWrapped(uint16 tokenChain, bytes32 tokenAddress, address wrapped) external {
        require(wrappedAsset[tokenChain][tokenAddress] == address(0), "wrapper already registered");
        wrappedAsset[tokenChain][tokenAddress] = wrapped;
        isWrappedAsset[wrapped] = true;
        originChain[wrapped] = tokenChain;
        originAddress[wrapped] = tokenAddress;
    }

    function transferTokens(address token, uint256 amount, uint16 recipientChain, bytes32 recipient, uint256 arbiterFee, uint32 nonce) external payable returns (uint64 sequence) {
        require(recipientChain != chainId, "invalid recipient chain");
        require(recipient != bytes32(0), "invalid recipient");
        uint8 decimals = ISandboxPortalToken(token).decimals();
        uint256 normalized = decimals > 8 ? amount / 10 ** (decimals - 8) : amount;
        uint256 normalizedFee = decimals > 8 ? arbiterFee / 10 ** (decimals - 8) : arbiterFee;
        require(normalized > 0, "normalized amount must be greater than 0");
        require(normalizedFee <= normalized, "fee exceeds amount");
        uint256 pulled = decimals > 8 ? normalized * 10 ** (decimals - 8) : normalized;
        uint16 tokenChain;
        bytes32 tokenAddress;
        if (isWrappedAsset[token]) {
            tokenChain = originChain[token];
            tokenAddress = originAddress[token];
            ISandboxPortalWrapped(token).burn(msg.sender, pulled);
        } else {
            tokenChain = chainId;
            tokenAddress = bytes32(uint256(uint160(token)));
            require(ISandboxPortalToken(token).transferFrom(msg.sender, address(this), pulled), "transferFrom failed");
        }
        bytes memory payload = abi.encodePacked(uint8(1), normalized, tokenAddress, tokenChain, recipient, recipientChain, normalizedFee);
        sequence = wormhole.publishMessage{value: msg.value}(nonce, payload, 1);
    }

    function completeTransfer(bytes calldata encodedVm) external {
        (SandboxWormholeCore.VM memory vm, bool valid, string memory reason) = wormhole.parseAndVerifyVM(encodedVm);
        require(valid, reason);
        require(bridgeContracts[vm.emitterChainId] == vm.emitterAddress, "invalid emitter");
        require(!isTransferCompleted[vm.hash], "transfer already completed");
        isTransferCompleted[vm.hash] = true;
        bytes memory p = vm.payload;
        require(p.length == 133 && uint8(p[0]) == 1, "invalid transfer payload");
        uint256 amount = word(p, 1);
        bytes32 tokenAddress = bytes32(word(p, 33));
        uint16 tokenChain = uint16(word(p, 65) >> 240);
        address recipient = address(uint160(word(p, 67)));
        uint16 toChain = uint16(word(p, 99) >> 240);
        uint256 fee = word(p, 101);
        require(toChain == chainId, "invalid target chain");
        require(fee <= amount, "fee higher than transferred amount");
        if (tokenChain == chainId) {
            address token = address(uint160(uint256(tokenAddress)));
            uint8 decimals = ISandboxPortalToken(token).decimals();
            if (decimals > 8) {
                amount *= 10 ** (decimals - 8);
                fee *= 10 ** (decimals - 8);
            }
            require(ISandboxPortalToken(token).transfer(recipient, amount - fee), "transfer failed");
            if (fee > 0) require(ISandboxPortalToken(token).transfer(msg.sender, fee), "fee transfer failed");
        } else {
            address wrapped = wrappedAsset[tokenChain][tokenAddress];
            require(wrapped != address(0), "no wrapper for this token created yet");
            ISandboxPortalWrapped(wrapped).mint(recipient, amount - fee);
            if (fee > 0) ISandboxPortalWrapped(wrapped).mint(msg.sender, fee);
        }
        emit TransferRedeemed(vm.emitterChainId, vm.emitterAddress, vm.sequence);
    }

    function word(bytes memory b, uint256 at) private pure returns (uint256 w) {
        assembly {
            w := mload(add(add(b, 32), at))
        }
    }
}
