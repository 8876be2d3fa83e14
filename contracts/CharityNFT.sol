// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @dev The callback a contract must implement to receive tokens through `safeTransferFrom`.
interface IERC721Receiver {
    function onERC721Received(
        address operator,
        address from,
        uint256 tokenId,
        bytes calldata data
    ) external returns (bytes4);
}

/// @title Kestrel Charity
/// @notice A minimal ERC-721 for the platform's charity tokens on local and test chains: the
/// platform reads `ownerOf`, `tokenURI` and `Transfer` logs.
/// @dev Self-contained on purpose (no imports), so solc-js compiles it as is. Behaviour follows
/// OpenZeppelin's ERC721 where the standard leaves a choice, with ERC-6093 error names.
contract CharityNFT {
    string public constant name = "Kestrel Charity";
    string public constant symbol = "KCHAR";

    /// @notice The only address that may mint: whoever deployed the contract (the test harness).
    address public immutable minter;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;
    mapping(uint256 => string) private _tokenURIs;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error Unauthorized(address caller);
    error ERC721InvalidOwner(address owner);
    error ERC721NonexistentToken(uint256 tokenId);
    error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner);
    error ERC721InsufficientApproval(address operator, uint256 tokenId);
    error ERC721InvalidApprover(address approver);
    error ERC721InvalidReceiver(address receiver);
    error ERC721TokenExists(uint256 tokenId);

    constructor() {
        minter = msg.sender;
    }

    /// @notice ERC-165: answers for ERC-165 itself, ERC-721 and ERC-721 Metadata.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return
            interfaceId == 0x01ffc9a7 || // ERC-165
            interfaceId == 0x80ac58cd || // ERC-721
            interfaceId == 0x5b5e139f; // ERC-721 Metadata
    }

    /// @notice Creates `tokenId` for `to` with metadata at `uri`.
    /// @dev A plain mint, like OpenZeppelin's `_mint` (not `_safeMint`): the minter is the test
    /// harness and picks the recipients, and no callback means no reentrancy into the mint.
    function mint(address to, uint256 tokenId, string calldata uri) external {
        if (msg.sender != minter) revert Unauthorized(msg.sender);
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        if (_owners[tokenId] != address(0)) revert ERC721TokenExists(tokenId);
        unchecked {
            // A balance cannot reach 2^256 one token at a time.
            _balances[to] += 1;
        }
        _owners[tokenId] = to;
        _tokenURIs[tokenId] = uri;
        emit Transfer(address(0), to, tokenId);
    }

    function balanceOf(address owner) external view returns (uint256) {
        // ERC-721: queries about the zero address throw.
        if (owner == address(0)) revert ERC721InvalidOwner(address(0));
        return _balances[owner];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address owner = _owners[tokenId];
        // ERC-721: tokens owned by the zero address are invalid, and queries about them throw.
        if (owner == address(0)) revert ERC721NonexistentToken(tokenId);
        return owner;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId); // reverts for a token that does not exist
        return _tokenURIs[tokenId];
    }

    function approve(address to, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        if (msg.sender != owner && !_operatorApprovals[owner][msg.sender]) {
            revert ERC721InvalidApprover(msg.sender);
        }
        _tokenApprovals[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId); // reverts for a token that does not exist
        return _tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address owner, address operator) external view returns (bool) {
        return _operatorApprovals[owner][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        if (owner != from) revert ERC721IncorrectOwner(from, tokenId, owner);
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        if (
            msg.sender != owner &&
            _tokenApprovals[tokenId] != msg.sender &&
            !_operatorApprovals[owner][msg.sender]
        ) {
            revert ERC721InsufficientApproval(msg.sender, tokenId);
        }
        // ERC-721: the approved address is reset on every transfer (no Approval event needed).
        delete _tokenApprovals[tokenId];
        unchecked {
            // `from` owns this token, so its balance is at least 1.
            _balances[from] -= 1;
            _balances[to] += 1;
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    /// @dev Moves the token first, then asks a receiving contract to accept it; a refusal reverts
    /// the whole transfer, so a token never gets stuck in a contract that cannot move it.
    function safeTransferFrom(
        address from,
        address to,
        uint256 tokenId,
        bytes memory data
    ) public {
        transferFrom(from, to, tokenId);
        if (to.code.length == 0) return; // an externally owned account can always hold it
        try IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (
            bytes4 answer
        ) {
            if (answer != IERC721Receiver.onERC721Received.selector) {
                revert ERC721InvalidReceiver(to);
            }
        } catch (bytes memory reason) {
            // No reason: the receiver does not implement the callback. Otherwise pass its own
            // revert reason through so the caller sees why it refused.
            if (reason.length == 0) revert ERC721InvalidReceiver(to);
            assembly ("memory-safe") {
                revert(add(reason, 0x20), mload(reason))
            }
        }
    }
}
