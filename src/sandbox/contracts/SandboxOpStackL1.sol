// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// Sandbox stand-ins of the OP Stack's Ethereum side, installed with anvil_setCode at the REAL
/// addresses of OP Mainnet's and Base's L1StandardBridge, L1CrossDomainMessenger, OptimismPortal and
/// DisputeGameFactory (superchain-registry; src/venues/opstack/opstackChains.ts). No constructor runs:
/// each contract knows its chain from its own address. Same function signatures, events and storage
/// meaning as contracts-bedrock for everything Strait calls or reads; simplified where noted:
/// - the portal checks a proof's output root against the game's root claim but does not verify the
///   Merkle-Patricia storage proof (it only requires one);
/// - the proof maturity delay is 12 s and the game finality delay 6 s (real: 7 days and 3.5 days);
/// - games are resolved by the sandbox proposer (no bisection game).
/// Never deploy this anywhere real.

library OpStackSandboxAddresses {
    address internal constant OP_BRIDGE = 0x99C9fc46f92E8a1c0deC1b1747d010903E884bE1;
    address internal constant OP_MESSENGER = 0x25ace71c97B33Cc4729CF772ae268934F7ab5fA1;
    address internal constant OP_PORTAL = 0xbEb5Fc579115071764c7423A4f12eDde41f106Ed;
    address internal constant OP_FACTORY = 0xe5965Ab5962eDc7477C8520243A95517CD252fA9;
    address internal constant BASE_BRIDGE = 0x3154Cf16ccdb4C6d922629664174b904d80F2C35;
    address internal constant BASE_MESSENGER = 0x866E82a600A1414e583f7F13623F1aC5d58b0Afa;
    address internal constant BASE_PORTAL = 0x49048044D57e1C92A77f79988d21Fa8fAF74E97e;
    address internal constant BASE_FACTORY = 0x43edB88C4B80fDD2AdFF2412A7BebF9dF42cB40e;
    address internal constant L2_MESSENGER = 0x4200000000000000000000000000000000000007;
    address internal constant L2_BRIDGE = 0x4200000000000000000000000000000000000010;

    function isOp(address self) internal pure returns (bool) {
        return self == OP_BRIDGE || self == OP_MESSENGER || self == OP_PORTAL || self == OP_FACTORY;
    }
    function bridge(address self) internal pure returns (address) { return isOp(self) ? OP_BRIDGE : BASE_BRIDGE; }
    function messenger(address self) internal pure returns (address) { return isOp(self) ? OP_MESSENGER : BASE_MESSENGER; }
    function portal(address self) internal pure returns (address) { return isOp(self) ? OP_PORTAL : BASE_PORTAL; }
    function factory(address self) internal pure returns (address) { return isOp(self) ? OP_FACTORY : BASE_FACTORY; }
}

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

interface IMessenger {
    function sendMessage(address target, bytes calldata message, uint32 minGasLimit) external payable;
    function xDomainMessageSender() external view returns (address);
}

interface IPortalSender {
    function l2Sender() external view returns (address);
}

interface IPortalDeposit {
    function depositTransaction(address to, uint256 value, uint64 gasLimit, bool isCreation, bytes calldata data) external payable;
}

/// L1StandardBridge: deposits to the L2 and the finalize of withdrawals, through the messenger.
contract SandboxOpL1StandardBridge {
    event ETHDepositInitiated(address indexed from, address indexed to, uint256 amount, bytes extraData);
    event ERC20DepositInitiated(address indexed l1Token, address indexed l2Token, address indexed from, address to, uint256 amount, bytes extraData);
    event ETHWithdrawalFinalized(address indexed from, address indexed to, uint256 amount, bytes extraData);
    event ERC20WithdrawalFinalized(address indexed l1Token, address indexed l2Token, address indexed from, address to, uint256 amount, bytes extraData);

    function paused() external pure returns (bool) { return false; }

    function depositETHTo(address _to, uint32 _minGasLimit, bytes calldata _extraData) external payable {
        IMessenger(OpStackSandboxAddresses.messenger(address(this))).sendMessage{value: msg.value}(
            OpStackSandboxAddresses.L2_BRIDGE,
            abi.encodeWithSignature("finalizeBridgeETH(address,address,uint256,bytes)", msg.sender, _to, msg.value, _extraData),
            _minGasLimit
        );
        emit ETHDepositInitiated(msg.sender, _to, msg.value, _extraData);
    }

    function depositERC20To(address _l1Token, address _l2Token, address _to, uint256 _amount, uint32 _minGasLimit, bytes calldata _extraData) external {
        require(IERC20Like(_l1Token).transferFrom(msg.sender, address(this), _amount), "transferFrom failed");
        IMessenger(OpStackSandboxAddresses.messenger(address(this))).sendMessage(
            OpStackSandboxAddresses.L2_BRIDGE,
            abi.encodeWithSignature("finalizeBridgeERC20(address,address,address,address,uint256,bytes)", _l2Token, _l1Token, msg.sender, _to, _amount, _extraData),
            _minGasLimit
        );
        emit ERC20DepositInitiated(_l1Token, _l2Token, msg.sender, _to, _amount, _extraData);
    }

    modifier onlyOtherBridge() {
        address m = OpStackSandboxAddresses.messenger(address(this));
        require(msg.sender == m && IMessenger(m).xDomainMessageSender() == OpStackSandboxAddresses.L2_BRIDGE, "StandardBridge: function can only be called from the other bridge");
        _;
    }

    function finalizeBridgeETH(address _from, address _to, uint256 _amount, bytes calldata _extraData) external payable onlyOtherBridge {
        require(msg.value == _amount, "StandardBridge: amount sent does not match amount required");
        (bool ok, ) = _to.call{value: _amount}("");
        require(ok, "StandardBridge: ETH transfer failed");
        emit ETHWithdrawalFinalized(_from, _to, _amount, _extraData);
    }

    function finalizeBridgeERC20(address _localToken, address _remoteToken, address _from, address _to, uint256 _amount, bytes calldata _extraData) external onlyOtherBridge {
        require(IERC20Like(_localToken).transfer(_to, _amount), "transfer failed");
        emit ERC20WithdrawalFinalized(_localToken, _remoteToken, _from, _to, _amount, _extraData);
    }

    receive() external payable {}
}

/// L1CrossDomainMessenger: wraps messages into portal deposits, relays proven withdrawals.
contract SandboxOpL1CrossDomainMessenger {
    uint240 internal msgNonce;
    address internal xDomainSender;

    event SentMessage(address indexed target, address sender, bytes message, uint256 messageNonce, uint256 gasLimit);
    event RelayedMessage(bytes32 indexed msgHash);

    function xDomainMessageSender() external view returns (address) { return xDomainSender; }

    function sendMessage(address _target, bytes calldata _message, uint32 _minGasLimit) external payable {
        uint256 nonce = (uint256(1) << 240) | msgNonce;
        msgNonce++;
        bytes memory relay = abi.encodeWithSignature("relayMessage(uint256,address,address,uint256,uint256,bytes)", nonce, msg.sender, _target, msg.value, uint256(_minGasLimit), _message);
        // The real baseGas adds calldata and overhead costs; a flat margin does here.
        IPortalDeposit(OpStackSandboxAddresses.portal(address(this))).depositTransaction{value: msg.value}(OpStackSandboxAddresses.L2_MESSENGER, msg.value, uint64(_minGasLimit) + 200_000, false, relay);
        emit SentMessage(_target, msg.sender, _message, nonce, _minGasLimit);
    }

    function relayMessage(uint256 _nonce, address _sender, address _target, uint256 _value, uint256 _minGasLimit, bytes calldata _message) external payable {
        require(msg.sender == OpStackSandboxAddresses.portal(address(this)), "CrossDomainMessenger: only the portal relays");
        require(IPortalSender(msg.sender).l2Sender() == OpStackSandboxAddresses.L2_MESSENGER, "CrossDomainMessenger: not from the L2 messenger");
        require(msg.value == _value, "CrossDomainMessenger: value mismatch");
        _minGasLimit;
        xDomainSender = _sender;
        (bool ok, ) = _target.call{value: _value}(_message);
        xDomainSender = address(0);
        require(ok, "CrossDomainMessenger: relay failed");
        emit RelayedMessage(keccak256(abi.encode(_nonce, _sender, _target, _value, _minGasLimit, _message)));
    }
}

interface IDisputeGameFactoryLike {
    function gameAtIndex(uint256 index) external view returns (uint32 gameType, uint64 timestamp, address proxy);
}

interface IDisputeGameLike {
    function rootClaim() external view returns (bytes32);
    function status() external view returns (uint8);
    function resolvedAt() external view returns (uint64);
    function gameType() external view returns (uint32);
}

/// OptimismPortal2: deposits, and withdrawals proven against a dispute game then finalized.
contract SandboxOptimismPortal2 {
    struct WithdrawalTransaction { uint256 nonce; address sender; address target; uint256 value; uint256 gasLimit; bytes data; }
    struct OutputRootProof { bytes32 version; bytes32 stateRoot; bytes32 messagePasserStorageRoot; bytes32 latestBlockhash; }
    struct ProvenWithdrawal { address disputeGameProxy; uint64 timestamp; }

    uint256 internal constant PROOF_MATURITY_DELAY = 12;
    uint256 internal constant GAME_FINALITY_DELAY = 6;
    address internal constant DEFAULT_L2_SENDER = 0x000000000000000000000000000000000000dEaD;

    mapping(bytes32 => bool) public finalizedWithdrawals;
    mapping(bytes32 => mapping(address => ProvenWithdrawal)) internal proven;
    mapping(bytes32 => address[]) internal submitters;
    address internal currentL2Sender;

    event TransactionDeposited(address indexed from, address indexed to, uint256 indexed version, bytes opaqueData);
    event WithdrawalProven(bytes32 indexed withdrawalHash, address indexed from, address indexed to);
    event WithdrawalProvenExtension1(bytes32 indexed withdrawalHash, address indexed proofSubmitter);
    event WithdrawalFinalized(bytes32 indexed withdrawalHash, bool success);

    function paused() external pure returns (bool) { return false; }
    function respectedGameType() public pure returns (uint32) { return 0; }
    function proofMaturityDelaySeconds() external pure returns (uint256) { return PROOF_MATURITY_DELAY; }
    function disputeGameFinalityDelaySeconds() external pure returns (uint256) { return GAME_FINALITY_DELAY; }
    function l2Sender() external view returns (address) { return currentL2Sender == address(0) ? DEFAULT_L2_SENDER : currentL2Sender; }
    function numProofSubmitters(bytes32 _withdrawalHash) external view returns (uint256) { return submitters[_withdrawalHash].length; }
    function proofSubmitters(bytes32 _withdrawalHash, uint256 _index) external view returns (address) { return submitters[_withdrawalHash][_index]; }
    function provenWithdrawals(bytes32 _withdrawalHash, address _submitter) external view returns (address disputeGameProxy, uint64 timestamp) {
        ProvenWithdrawal memory p = proven[_withdrawalHash][_submitter];
        return (p.disputeGameProxy, p.timestamp);
    }

    function depositTransaction(address _to, uint256 _value, uint64 _gasLimit, bool _isCreation, bytes calldata _data) external payable {
        address from = msg.sender;
        // AddressAliasHelper.applyL1ToL2Alias for contract callers.
        if (msg.sender.code.length > 0) {
            unchecked { from = address(uint160(msg.sender) + uint160(0x1111000000000000000000000000000000001111)); }
        }
        emit TransactionDeposited(from, _to, 0, abi.encodePacked(msg.value, _value, _gasLimit, _isCreation, _data));
    }

    function hashWithdrawal(WithdrawalTransaction calldata _tx) internal pure returns (bytes32) {
        return keccak256(abi.encode(_tx.nonce, _tx.sender, _tx.target, _tx.value, _tx.gasLimit, _tx.data));
    }

    function proveWithdrawalTransaction(WithdrawalTransaction calldata _tx, uint256 _disputeGameIndex, OutputRootProof calldata _outputRootProof, bytes[] calldata _withdrawalProof) external {
        require(_tx.target != address(this), "OptimismPortal: you cannot send messages to the portal contract");
        (uint32 gameType, , address gameProxy) = IDisputeGameFactoryLike(OpStackSandboxAddresses.factory(address(this))).gameAtIndex(_disputeGameIndex);
        require(gameType == respectedGameType(), "InvalidGameType");
        require(IDisputeGameLike(gameProxy).status() != 1, "InvalidDisputeGame");
        bytes32 outputRoot = keccak256(abi.encode(_outputRootProof.version, _outputRootProof.stateRoot, _outputRootProof.messagePasserStorageRoot, _outputRootProof.latestBlockhash));
        require(_outputRootProof.version == bytes32(0) && outputRoot == IDisputeGameLike(gameProxy).rootClaim(), "InvalidProof");
        // Sandbox: the storage proof of sentMessages[hash] is required but not verified.
        require(_withdrawalProof.length > 0, "InvalidMerkleProof");
        bytes32 withdrawalHash = hashWithdrawal(_tx);
        require(!finalizedWithdrawals[withdrawalHash], "AlreadyFinalized");
        if (proven[withdrawalHash][msg.sender].timestamp == 0) submitters[withdrawalHash].push(msg.sender);
        proven[withdrawalHash][msg.sender] = ProvenWithdrawal(gameProxy, uint64(block.timestamp));
        emit WithdrawalProven(withdrawalHash, _tx.sender, _tx.target);
        emit WithdrawalProvenExtension1(withdrawalHash, msg.sender);
    }

    function checkWithdrawal(bytes32 _withdrawalHash, address _proofSubmitter) public view {
        ProvenWithdrawal memory p = proven[_withdrawalHash][_proofSubmitter];
        require(!finalizedWithdrawals[_withdrawalHash], "AlreadyFinalized");
        require(p.timestamp != 0, "Unproven");
        require(block.timestamp - p.timestamp > PROOF_MATURITY_DELAY, "OptimismPortal: proven withdrawal has not matured yet");
        IDisputeGameLike game = IDisputeGameLike(p.disputeGameProxy);
        require(game.status() == 2, "OptimismPortal: output proposal has not been finalized yet");
        require(block.timestamp - game.resolvedAt() > GAME_FINALITY_DELAY, "OptimismPortal: output proposal in air-gap");
    }

    function finalizeWithdrawalTransaction(WithdrawalTransaction calldata _tx) external {
        _finalize(_tx, msg.sender);
    }

    function finalizeWithdrawalTransactionExternalProof(WithdrawalTransaction calldata _tx, address _proofSubmitter) external {
        _finalize(_tx, _proofSubmitter);
    }

    function _finalize(WithdrawalTransaction calldata _tx, address _proofSubmitter) internal {
        bytes32 withdrawalHash = hashWithdrawal(_tx);
        checkWithdrawal(withdrawalHash, _proofSubmitter);
        finalizedWithdrawals[withdrawalHash] = true;
        currentL2Sender = _tx.sender;
        (bool success, ) = _tx.target.call{value: _tx.value}(_tx.data);
        currentL2Sender = address(0);
        emit WithdrawalFinalized(withdrawalHash, success);
    }

    receive() external payable {}
}
