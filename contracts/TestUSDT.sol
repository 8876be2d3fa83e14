// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Tether USD (test)
/// @notice A plain ERC-20 that stands in for USDT on local and test chains, so deposits can be
/// sent, found and verified end to end without real money.
/// @dev Self-contained on purpose: no imports means solc-js compiles it without a remapping or a
/// package download. Six decimals like the real USDT, so every amount the platform computes is the
/// same here as on mainnet. Unlike mainnet USDT, `transfer`/`approve` return `bool` as ERC-20 says;
/// the platform only reads `Transfer` logs and never relies on either behaviour.
contract TestUSDT {
    string public constant name = "Tether USD (test)";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;

    /// @notice The only address that may mint: whoever deployed the contract (the test harness).
    address public immutable minter;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    // Custom errors (names as in ERC-6093) so viem decodes the reason of a revert.
    error Unauthorized(address caller);
    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error ERC20InvalidReceiver(address receiver);
    error ERC20InvalidSpender(address spender);

    constructor() {
        minter = msg.sender;
    }

    /// @notice Creates `amount` (in 6-decimal units) for `to`; a `Transfer` from the zero address
    /// marks it as a mint, as indexers expect.
    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert Unauthorized(msg.sender);
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        // Checked: the total bounds every balance, so balances cannot overflow after this line.
        totalSupply += amount;
        unchecked {
            balanceOf[to] += amount;
        }
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        if (spender == address(0)) revert ERC20InvalidSpender(address(0));
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // An allowance of 2^256-1 means "unlimited" and is never spent down, as in OpenZeppelin.
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert ERC20InsufficientAllowance(msg.sender, allowed, amount);
            unchecked {
                allowance[from][msg.sender] = allowed - amount;
            }
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        // A transfer to the zero address would look like a burn in the logs; refuse it.
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        uint256 balance = balanceOf[from];
        if (balance < amount) revert ERC20InsufficientBalance(from, balance, amount);
        unchecked {
            // Cannot underflow (checked above) nor overflow (the sum stays within totalSupply).
            balanceOf[from] = balance - amount;
            balanceOf[to] += amount;
        }
        emit Transfer(from, to, amount);
    }
}
