// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Test smart wallet (TEST ONLY: never deploy on a real network)
/// @notice A minimal ERC-1271 contract wallet with one owner, so the server's sign-in tests can
/// sign in as a contract account: deployed (ERC-1271) or counterfactual through
/// TestSmartWalletFactory (ERC-6492).
/// @dev Self-contained on purpose (no imports), so solc-js compiles it as is. The owner's
/// signature over `hash` is accepted as is, not bound to this wallet (no ERC-7739 domain), so it
/// would be valid for every wallet of the same owner: acceptable for a test fixture only.
contract TestSmartWallet {
    /// @dev ERC-1271's "valid" answer: bytes4(keccak256("isValidSignature(bytes32,bytes)")).
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant INVALID = 0xffffffff;
    /// @dev secp256k1n / 2: an s above it is the malleable twin of a valid signature (EIP-2).
    uint256 internal constant HALF_ORDER =
        0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    error ZeroOwner();

    constructor(address owner_) {
        // ecrecover answers address(0) for garbage: a zero owner would accept any bad signature.
        if (owner_ == address(0)) revert ZeroOwner();
        owner = owner_;
    }

    /// @notice ERC-1271: MAGIC_VALUE when `signature` is the owner's 65-byte ECDSA signature of
    /// `hash`, else 0xffffffff (never reverts, as the standard prefers).
    function isValidSignature(bytes32 hash, bytes calldata signature)
        external
        view
        returns (bytes4)
    {
        return _recover(hash, signature) == owner ? MAGIC_VALUE : INVALID;
    }

    function _recover(bytes32 hash, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27; // some signers encode the recovery id as 0/1
        if (v != 27 && v != 28) return address(0);
        if (uint256(s) > HALF_ORDER) return address(0);
        return ecrecover(hash, v, r, s);
    }
}
