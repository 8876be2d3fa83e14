// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./TestSmartWallet.sol";

/// @title Test smart wallet factory (TEST ONLY: never deploy on a real network)
/// @notice Deploys TestSmartWallet with CREATE2, so a wallet's address is known before it exists:
/// what an ERC-6492 signature of a counterfactual wallet names as its factory.
contract TestSmartWalletFactory {
    event Deployed(address indexed wallet, address indexed owner, bytes32 salt);

    /// @notice Deploys the wallet of `owner` for `salt`, or returns it if it already exists
    /// (ERC-6492 verifiers may call the factory of a wallet deployed in the meantime).
    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = addressOf(owner, salt);
        if (wallet.code.length == 0) {
            new TestSmartWallet{salt: salt}(owner);
            emit Deployed(wallet, owner, salt);
        }
    }

    /// @notice The CREATE2 address `deploy(owner, salt)` gives, deployed or not.
    function addressOf(address owner, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(
            abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner))
        );
        return address(
            uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash))))
        );
    }
}
