// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// Sandbox stand-ins of an OP Stack L2's predeploys (L2CrossDomainMessenger 0x42…07,
/// L2StandardBridge 0x42…10, L2ToL1MessagePasser 0x42…16) and of a bridged OptimismMintableERC20
/// (USDC.e on OP Mainnet), installed with anvil_setCode on the sandbox's optimism anvil. Deposits
/// arrive as real deposit transactions (type 0x7e, sent by the sandbox sequencer from the portal's
/// `TransactionDeposited` logs) calling the messenger's relayMessage; withdrawals pass through the
/// messenger to the message passer, whose `sentMessages` is at slot 0 as in contracts-bedrock (the
/// proof Strait builds reads it with eth_getProof). Never deploy this anywhere real.

library OpStackL2SandboxAddresses {
    address internal constant L2_MESSENGER = 0x4200000000000000000000000000000000000007;
    address internal constant L2_BRIDGE = 0x4200000000000000000000000000000000000010;
    address internal constant MESSAGE_PASSER = 0x4200000000000000000000000000000000000016;
    address internal constant LEGACY_ERC20_ETH = 0xDeadDeAddeAddEAddeadDEaDDEAdDeaDDeAD0000;

    function l1Messenger() internal view returns (address) {
        return block.chainid == 8453 ? 0x866E82a600A1414e583f7F13623F1aC5d58b0Afa : 0x25ace71c97B33Cc4729CF772ae268934F7ab5fA1;
    }
    function l1Bridge() internal view returns (address) {
        return block.chainid == 8453 ? 0x3154Cf16ccdb4C6d922629664174b904d80F2C35 : 0x99C9fc46f92E8a1c0deC1b1747d010903E884bE1;
    }
}

interface IL2Messenger {
    function sendMessage(address target, bytes calldata message, uint32 minGasLimit) external payable;
    function xDomainMessageSender() external view returns (address);
}

interface IMintable {
    function mint(address to, uint256 amount) external;
    function burn(address from, uint256 amount) external;
    function remoteToken() external view returns (address);
}

contract SandboxL2ToL1MessagePasser {
    mapping(bytes32 => bool) public sentMessages; // slot 0, as in contracts-bedrock
    uint240 internal msgNonce;

    event MessagePassed(uint256 indexed nonce, address indexed sender, address indexed target, uint256 value, uint256 gasLimit, bytes data, bytes32 withdrawalHash);

    function messageNonce() public view returns (uint256) { return (uint256(1) << 240) | msgNonce; }

    function initiateWithdrawal(address _target, uint256 _gasLimit, bytes calldata _data) public payable {
        uint256 nonce = messageNonce();
        bytes32 withdrawalHash = keccak256(abi.encode(nonce, msg.sender, _target, msg.value, _gasLimit, _data));
        sentMessages[withdrawalHash] = true;
        emit MessagePassed(nonce, msg.sender, _target, msg.value, _gasLimit, _data, withdrawalHash);
        unchecked { ++msgNonce; }
    }
}

contract SandboxL2CrossDomainMessenger {
    uint240 internal msgNonce;
    address internal xDomainSender;

    event SentMessage(address indexed target, address sender, bytes message, uint256 messageNonce, uint256 gasLimit);
    event RelayedMessage(bytes32 indexed msgHash);
    event FailedRelayedMessage(bytes32 indexed msgHash);

    function xDomainMessageSender() external view returns (address) { return xDomainSender; }

    function sendMessage(address _target, bytes calldata _message, uint32 _minGasLimit) external payable {
        uint256 nonce = (uint256(1) << 240) | msgNonce;
        msgNonce++;
        bytes memory relay = abi.encodeWithSignature("relayMessage(uint256,address,address,uint256,uint256,bytes)", nonce, msg.sender, _target, msg.value, uint256(_minGasLimit), _message);
        // The real baseGas adds calldata and overhead costs; a flat margin does here.
        SandboxL2ToL1MessagePasser(OpStackL2SandboxAddresses.MESSAGE_PASSER).initiateWithdrawal{value: msg.value}(OpStackL2SandboxAddresses.l1Messenger(), uint256(_minGasLimit) + 87_000, relay);
        emit SentMessage(_target, msg.sender, _message, nonce, _minGasLimit);
    }

    /// Called by a deposit transaction from the aliased L1 messenger.
    function relayMessage(uint256 _nonce, address _sender, address _target, uint256 _value, uint256 _minGasLimit, bytes calldata _message) external payable {
        address aliased;
        unchecked { aliased = address(uint160(OpStackL2SandboxAddresses.l1Messenger()) + uint160(0x1111000000000000000000000000000000001111)); }
        require(msg.sender == aliased, "CrossDomainMessenger: only the aliased L1 messenger relays");
        require(msg.value == _value, "CrossDomainMessenger: value mismatch");
        bytes32 msgHash = keccak256(abi.encode(_nonce, _sender, _target, _value, _minGasLimit, _message));
        xDomainSender = _sender;
        (bool ok, ) = _target.call{value: _value}(_message);
        xDomainSender = address(0);
        if (ok) emit RelayedMessage(msgHash);
        else emit FailedRelayedMessage(msgHash);
    }
}

contract SandboxL2StandardBridge {
    event WithdrawalInitiated(address indexed l1Token, address indexed l2Token, address indexed from, address to, uint256 amount, bytes extraData);
    event DepositFinalized(address indexed l1Token, address indexed l2Token, address indexed from, address to, uint256 amount, bytes extraData);

    function withdrawTo(address _l2Token, address _to, uint256 _amount, uint32 _minGasLimit, bytes calldata _extraData) external payable {
        IL2Messenger messenger = IL2Messenger(OpStackL2SandboxAddresses.L2_MESSENGER);
        if (_l2Token == OpStackL2SandboxAddresses.LEGACY_ERC20_ETH) {
            require(msg.value == _amount, "StandardBridge: bridging ETH must include sufficient ETH value");
            messenger.sendMessage{value: _amount}(OpStackL2SandboxAddresses.l1Bridge(), abi.encodeWithSignature("finalizeBridgeETH(address,address,uint256,bytes)", msg.sender, _to, _amount, _extraData), _minGasLimit);
            emit WithdrawalInitiated(address(0), _l2Token, msg.sender, _to, _amount, _extraData);
            return;
        }
        require(msg.value == 0, "StandardBridge: cannot send value");
        address remote = IMintable(_l2Token).remoteToken();
        IMintable(_l2Token).burn(msg.sender, _amount);
        messenger.sendMessage(OpStackL2SandboxAddresses.l1Bridge(), abi.encodeWithSignature("finalizeBridgeERC20(address,address,address,address,uint256,bytes)", remote, _l2Token, msg.sender, _to, _amount, _extraData), _minGasLimit);
        emit WithdrawalInitiated(remote, _l2Token, msg.sender, _to, _amount, _extraData);
    }

    modifier onlyOtherBridge() {
        require(msg.sender == OpStackL2SandboxAddresses.L2_MESSENGER && IL2Messenger(msg.sender).xDomainMessageSender() == OpStackL2SandboxAddresses.l1Bridge(), "StandardBridge: function can only be called from the other bridge");
        _;
    }

    function finalizeBridgeETH(address _from, address _to, uint256 _amount, bytes calldata _extraData) external payable onlyOtherBridge {
        require(msg.value == _amount, "StandardBridge: amount sent does not match amount required");
        (bool ok, ) = _to.call{value: _amount}("");
        require(ok, "StandardBridge: ETH transfer failed");
        emit DepositFinalized(address(0), OpStackL2SandboxAddresses.LEGACY_ERC20_ETH, _from, _to, _amount, _extraData);
    }

    function finalizeBridgeERC20(address _localToken, address _remoteToken, address _from, address _to, uint256 _amount, bytes calldata _extraData) external onlyOtherBridge {
        require(IMintable(_localToken).remoteToken() == _remoteToken, "StandardBridge: wrong remote token");
        IMintable(_localToken).mint(_to, _amount);
        emit DepositFinalized(_remoteToken, _localToken, _from, _to, _amount, _extraData);
    }
}

/// OptimismMintableERC20 (bridged USDC): minted and burnt by the L2StandardBridge only.
contract SandboxOptimismMintableERC20 {
    string public constant name = "USD Coin (Bridged)";
    string public constant symbol = "USDC.e";
    uint8 public constant decimals = 6;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function remoteToken() external pure returns (address) { return 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48; }
    function l1Token() external pure returns (address) { return 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48; }
    function bridge() external pure returns (address) { return OpStackL2SandboxAddresses.L2_BRIDGE; }

    modifier onlyBridge() {
        require(msg.sender == OpStackL2SandboxAddresses.L2_BRIDGE, "OptimismMintableERC20: only bridge can mint and burn");
        _;
    }

    function mint(address _to, uint256 _amount) external onlyBridge {
        totalSupply += _amount;
        balanceOf[_to] += _amount;
        emit Transfer(address(0), _to, _amount);
    }

    function burn(address _from, uint256 _amount) external onlyBridge {
        balanceOf[_from] -= _amount;
        totalSupply -= _amount;
        emit Transfer(_from, address(0), _amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        return true;
    }
}
