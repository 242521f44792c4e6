// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @title SandboxUSDC - plain ERC-20 standing in for USDC on sandbox chains.
/// @notice Installed at the real USDC address with anvil_setCode, so no constructor ever runs:
/// name/symbol/decimals are constants and every storage slot starts at zero (supply 0).
/// `mint` is open to anyone: it is how the sandbox funds accounts. Never deploy this anywhere real.
contract SandboxUSDC {
    string public constant name = "USD Coin";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;

    // slot 0, 1, 2 (kept simple so tests may poke balances with anvil_setStorageAt if they wish)
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

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
            require(allowed >= amount, "ERC20: transfer amount exceeds allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    /// @notice Sandbox only: anyone may mint.
    function mint(address to, uint256 amount) external {
        require(to != address(0), "ERC20: mint to the zero address");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 bal = balanceOf[from];
        require(bal >= amount, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = bal - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
