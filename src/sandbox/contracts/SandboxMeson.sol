// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

interface ISandboxToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @title SandboxMeson - stand-in for the Meson contract, initial-chain side of `postSwap` only.
/// @notice Installed at Meson's real address with anvil_setCode (no constructor). It keeps the real
/// `postSwap(uint256 encodedSwap, bytes32 r, bytes32 yParityAndS, uint200 postingValue)` ABI and the
/// real checks of a non-typed request (MesonFi/meson-contracts-solidity MesonSwap.sol and
/// MesonHelpers.sol `_checkRequestSignature`): the initiator's personal_sign of the 32-byte encoded
/// swap, a low `s`, a swap posted once and not expired; then it pulls the amount from the initiator
/// with `transferFrom`, so the approve step and the request signature really decide. Bonding,
/// locking, release on the target chain and cancellation are out of scope: the sandbox relayer pays
/// the recipient itself. Tokens: USDC of Base (index 1) and Arbitrum (index 9), the sandbox chains.
contract SandboxMeson {
    /// encodedSwap → postingValue (initiator << 40 | pool index), like the real `_postedSwaps`.
    mapping(uint256 => uint200) public postedSwaps;

    event SwapPosted(uint256 indexed encodedSwap);

    function postSwap(uint256 encodedSwap, bytes32 r, bytes32 yParityAndS, uint200 postingValue) external {
        require(postedSwaps[encodedSwap] == 0, "Swap already exists");
        require(uint8(encodedSwap >> 248) == 1, "Incorrect encoding version");
        require((encodedSwap & 0x0800000000000000000000000000000000000000000000000000) > 0, "Sandbox takes non-typed swaps only");
        require(((encodedSwap >> 48) & 0xFFFFFFFFFF) > block.timestamp, "Swap expired");
        address initiator = address(uint160(postingValue >> 40));
        require(initiator != address(0), "Signer cannot be empty address");
        bytes32 s = yParityAndS & bytes32(0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff);
        uint8 v = uint8((uint256(yParityAndS) >> 255) + 27);
        require(uint256(s) <= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0, "Invalid signature");
        bytes32 digest = keccak256(abi.encodePacked(bytes28("\x19Ethereum Signed Message:\n32"), encodedSwap));
        require(initiator == ecrecover(digest, v, r, s), "Invalid signature");
        postedSwaps[encodedSwap] = postingValue;
        uint256 amount = (encodedSwap >> 208) & 0xFFFFFFFFFF;
        require(ISandboxToken(_tokenOf(uint8(encodedSwap))).transferFrom(initiator, address(this), amount), "transferFrom failed");
        emit SwapPosted(encodedSwap);
    }

    function _tokenOf(uint8 tokenIndex) private view returns (address) {
        if (block.chainid == 8453 && tokenIndex == 1) return 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913;
        if (block.chainid == 42161 && tokenIndex == 9) return 0xaf88d065e77c8cC2239327C5EDb3A432268e5831;
        revert("Token not in the sandbox");
    }
}
