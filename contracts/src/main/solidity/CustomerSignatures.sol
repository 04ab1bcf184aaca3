// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

/// @title The vault's EIP-712 domain and signature check
/// @notice Customers sign the vault's terms and cancels in the domain (name "SubscriptionVault", version "1", the
///         chain, the vault's address), so a signature holds for one vault on one chain only.
abstract contract CustomerSignatures {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    /// The largest s of a non-malleable signature (half the curve order, EIP-2).
    uint256 private constant MAX_LOW_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// The domain separator for the chain the vault was deployed on; recomputed on any other (a fork).
    bytes32 private immutable deployedDomainSeparator;
    uint256 private immutable deployedChainId;

    constructor() {
        deployedChainId = block.chainid;
        deployedDomainSeparator = _domainSeparator();
    }

    /// @notice The EIP-712 domain (name "SubscriptionVault", version "1", this chain, this vault) of the signed
    ///         terms and cancels.
    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return block.chainid == deployedChainId ? deployedDomainSeparator : _domainSeparator();
    }

    /// @notice EIP-5267: the fields of the domain, for wallets and libraries that build the typed data from it.
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"0f", "SubscriptionVault", "1", block.chainid, address(this), bytes32(0), new uint256[](0));
    }

    function _domainSeparator() private view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("SubscriptionVault"), keccak256("1"), block.chainid, address(this))
        );
    }

    function _typedDataHash(bytes32 structHash) internal view returns (bytes32) {
        return keccak256(abi.encodePacked(hex"1901", DOMAIN_SEPARATOR(), structHash));
    }

    /// @dev The signer of a 65-byte (r, s, v) signature with a low s and v of 27 or 28, or the zero address for any
    ///      other signature, which no customer can equal.
    function _recover(bytes32 digest, bytes calldata signature) internal pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > MAX_LOW_S || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
