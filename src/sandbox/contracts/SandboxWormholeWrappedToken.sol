// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @title SandboxWormholeWrappedToken - a Portal-wrapped ERC-20 on sandbox chains.
/// @notice Installed with anvil_setCode at a sandbox-only address (src/sandbox/wormholeStandIns.ts);
/// `initializeWrapped(bridge, decimals)` once. Only the Token Bridge mints and burns, as with Portal's own
/// wrapped tokens. Named like Portal's wrapped USDC ("USD Coin (Wormhole)"). Never deploy this anywhere real.
contract SandboxWormholeWrappedToken {
    string public constant name = "USD Coin (Wormhole)";
    string public constant symbol = "USDC";
    uint8 public decimals;
    address public bridge;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function initializeWrapped(address bridge_, uint8 decimals_) external {
        require(bridge == address(0), "already initialized");
        bridge = bridge_;
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == bridge, "caller is not the bridge");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function burn(address from, uint256 amount) external {
        require(msg.sender == bridge, "caller is not the bridge");
        require(balanceOf[from] >= amount, "burn amount exceeds balance");
        balanceOf[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "transfer amount exceeds allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "transfer to the zero address");
        require(balanceOf[from] >= amount, "transfer amount exceeds balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
