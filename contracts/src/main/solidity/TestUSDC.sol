// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @title Test USDC
/// @notice A minimal 6-decimal ERC-20 standing in for USDC on local and test chains.
/// @dev A TEST TOKEN: anyone may mint any amount, so it has no value and must never stand for real money.
///      Failures revert with custom errors so that callers (and the vault, which bubbles them up) can tell a
///      missing balance from a missing allowance.
contract TestUSDC {
    string public constant name = "Test USDC";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;

    uint256 public totalSupply;
    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error InvalidReceiver(address receiver);

    /// @notice Open to anyone on purpose: tests and local stacks fund their wallets with it.
    function mint(address to, uint256 amount) external {
        if (to == address(0)) revert InvalidReceiver(to);
        totalSupply += amount;
        unchecked {
            // Cannot overflow: no balance exceeds totalSupply, which the checked addition above bounds.
            balanceOf[to] += amount;
        }
        emit Transfer(address(0), to, amount);
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
        // An allowance of type(uint256).max is unlimited and never decremented, as in common ERC-20s.
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(msg.sender, allowed, amount);
            unchecked {
                allowance[from][msg.sender] = allowed - amount;
            }
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        if (to == address(0)) revert InvalidReceiver(to);
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        unchecked {
            balanceOf[from] = balance - amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
