// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// Stand-ins for USDT0's contracts in adapter tests, installed with anvil_setCode at the real
/// addresses (no constructor runs; `configure` sets what a test needs). The views and `send` keep the
/// real IOFT signatures (LayerZero-Labs/devtools packages/oft-evm/contracts/interfaces/IOFT.sol) and
/// the real custom errors, so the adapter's encoding and revert decoding meet the real ABI. Never
/// deploy these anywhere real.

struct SendParam {
    uint32 dstEid;
    bytes32 to;
    uint256 amountLD;
    uint256 minAmountLD;
    bytes extraOptions;
    bytes composeMsg;
    bytes oftCmd;
}
struct OFTLimit {
    uint256 minAmountLD;
    uint256 maxAmountLD;
}
struct OFTFeeDetail {
    int256 feeAmountLD;
    string description;
}
struct OFTReceipt {
    uint256 amountSentLD;
    uint256 amountReceivedLD;
}
struct MessagingFee {
    uint256 nativeFee;
    uint256 lzTokenFee;
}
struct MessagingReceipt {
    bytes32 guid;
    uint64 nonce;
    MessagingFee fee;
}

/// A plain 6-decimals ERC-20 (USDT on Ethereum, USDT0 elsewhere): open mint for funding, and a burn
/// the messenger of its chain may call, as USDT0's OFT burns the sender's tokens.
contract StandInUsdt {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function decimals() external pure returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        totalSupply += amount;
        emit Transfer(address(0), to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function burnFrom(address from, uint256 amount) external {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function _move(address from, address to, uint256 amount) private {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

interface IStandInUsdt {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function burnFrom(address from, uint256 amount) external;
}

/// A USDT0 messenger: Ethereum's adapter (`pulls`: locks the USDT it takes with transferFrom) or an
/// OFT (burns the sender's USDT0). Prices a fee of `feeBps` on the amount and a fixed LayerZero fee.
contract StandInUsdt0Messenger {
    error NoPeer(uint32 eid);
    error SlippageExceeded(uint256 amountLD, uint256 minAmountLD);

    event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD);

    address public token;
    bool public approvalRequired;
    uint256 public minAmount;
    uint256 public maxAmount;
    uint256 public nativeFee;
    uint256 public feeBps;
    mapping(uint32 => bool) public peers;
    uint64 public nonce;

    function configure(address token_, bool pulls, uint256 min_, uint256 max_, uint256 nativeFee_, uint256 feeBps_, uint32[] calldata peers_) external {
        token = token_;
        approvalRequired = pulls;
        minAmount = min_;
        maxAmount = max_;
        nativeFee = nativeFee_;
        feeBps = feeBps_;
        for (uint256 i = 0; i < peers_.length; i++) peers[peers_[i]] = true;
    }

    function sharedDecimals() external pure returns (uint8) {
        return 6;
    }

    function quoteOFT(SendParam calldata p) external view returns (OFTLimit memory, OFTFeeDetail[] memory, OFTReceipt memory) {
        OFTReceipt memory receipt = _debitView(p);
        return (OFTLimit(minAmount, maxAmount), new OFTFeeDetail[](0), receipt);
    }

    function quoteSend(SendParam calldata p, bool) external view returns (MessagingFee memory) {
        _debitView(p);
        return MessagingFee(nativeFee, 0);
    }

    function send(SendParam calldata p, MessagingFee calldata fee, address refundAddress) external payable returns (MessagingReceipt memory, OFTReceipt memory) {
        OFTReceipt memory receipt = _debitView(p);
        require(fee.nativeFee >= nativeFee && msg.value >= fee.nativeFee, "fee");
        if (approvalRequired) IStandInUsdt(token).transferFrom(msg.sender, address(this), p.amountLD);
        else IStandInUsdt(token).burnFrom(msg.sender, p.amountLD);
        nonce += 1;
        bytes32 guid = keccak256(abi.encode(nonce, p.dstEid, p.to));
        if (msg.value > nativeFee) payable(refundAddress).transfer(msg.value - nativeFee);
        emit OFTSent(guid, p.dstEid, msg.sender, receipt.amountSentLD, receipt.amountReceivedLD);
        return (MessagingReceipt(guid, nonce, MessagingFee(nativeFee, 0)), receipt);
    }

    function _debitView(SendParam calldata p) private view returns (OFTReceipt memory) {
        if (!peers[p.dstEid]) revert NoPeer(p.dstEid);
        uint256 received = p.amountLD - (p.amountLD * feeBps) / 10_000;
        if (received < p.minAmountLD) revert SlippageExceeded(received, p.minAmountLD);
        return OFTReceipt(p.amountLD, received);
    }
}
