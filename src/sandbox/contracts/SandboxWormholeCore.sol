// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @title SandboxWormholeCore - stand-in for Wormhole's core bridge on sandbox chains.
/// @notice Installed at the chain's real core address with anvil_setCode (no constructor runs);
/// `initialize` sets the Wormhole chain id and the message fee once. It publishes messages with a
/// per-sender sequence (the real `LogMessagePublished`), and parses and verifies VAAs for real: the
/// sandbox guardian set is one guardian, SANDBOX_GUARDIAN, whose signature over
/// keccak256(keccak256(body)) is the quorum. Never deploy this anywhere real.
contract SandboxWormholeCore {
    struct Signature {
        bytes32 r;
        bytes32 s;
        uint8 v;
        uint8 guardianIndex;
    }

    struct VM {
        uint8 version;
        uint32 timestamp;
        uint32 nonce;
        uint16 emitterChainId;
        bytes32 emitterAddress;
        uint64 sequence;
        uint8 consistencyLevel;
        bytes payload;
        uint32 guardianSetIndex;
        Signature[] signatures;
        bytes32 hash;
    }

    /// The address of the sandbox guardian key (src/sandbox/wormholeStandIns.ts holds the key).
    address public constant SANDBOX_GUARDIAN = 0xB688eedFbb7967551e9C73586d61AB71eff6Bbb1;

    uint16 public chainId;
    uint256 public messageFee;
    bool private initialized;
    mapping(address => uint64) public nextSequence;

    event LogMessagePublished(address indexed sender, uint64 sequence, uint32 nonce, bytes payload, uint8 consistencyLevel);

    function initialize(uint16 chainId_, uint256 messageFee_) external {
        require(!initialized, "already initialized");
        initialized = true;
        chainId = chainId_;
        messageFee = messageFee_;
    }

    function publishMessage(uint32 nonce, bytes memory payload, uint8 consistencyLevel) external payable returns (uint64 sequence) {
        require(msg.value == messageFee, "invalid fee");
        sequence = nextSequence[msg.sender]++;
        emit LogMessagePublished(msg.sender, sequence, nonce, payload, consistencyLevel);
    }

    function parseAndVerifyVM(bytes calldata encodedVM) external pure returns (VM memory vm, bool valid, string memory reason) {
        vm = parseVM(encodedVM);
        (valid, reason) = verifyVM(vm);
    }

    function parseVM(bytes calldata b) public pure returns (VM memory vm) {
        require(b.length >= 6, "VM too short");
        vm.version = uint8(b[0]);
        require(vm.version == 1, "VM version incompatible");
        vm.guardianSetIndex = uint32(bytes4(b[1:5]));
        uint256 count = uint8(b[5]);
        uint256 i = 6;
        require(b.length >= i + count * 66 + 51, "VM too short");
        vm.signatures = new Signature[](count);
        for (uint256 k = 0; k < count; k++) {
            vm.signatures[k].guardianIndex = uint8(b[i]);
            vm.signatures[k].r = bytes32(b[i + 1:i + 33]);
            vm.signatures[k].s = bytes32(b[i + 33:i + 65]);
            vm.signatures[k].v = uint8(b[i + 65]) + 27;
            i += 66;
        }
        vm.hash = keccak256(abi.encodePacked(keccak256(b[i:])));
        vm.timestamp = uint32(bytes4(b[i:i + 4]));
        vm.nonce = uint32(bytes4(b[i + 4:i + 8]));
        vm.emitterChainId = uint16(bytes2(b[i + 8:i + 10]));
        vm.emitterAddress = bytes32(b[i + 10:i + 42]);
        vm.sequence = uint64(bytes8(b[i + 42:i + 50]));
        vm.consistencyLevel = uint8(b[i + 50]);
        vm.payload = b[i + 51:];
    }

    function verifyVM(VM memory vm) public pure returns (bool valid, string memory reason) {
        if (vm.signatures.length == 0) return (false, "no quorum");
        for (uint256 k = 0; k < vm.signatures.length; k++) {
            if (vm.signatures[k].guardianIndex != 0) return (false, "guardian index out of bounds");
        }
        Signature memory sig = vm.signatures[0];
        if (ecrecover(vm.hash, sig.v, sig.r, sig.s) != SANDBOX_GUARDIAN) return (false, "VM signature invalid");
        return (true, "");
    }
}
