package io.abk.billing.contracts;

/**
 * An EIP-712 domain with the four fields the platform's signatures use (the token's and the vault's): the
 * contract's name and version, the chain id and the contract's address. A signature binds all four, so one signed
 * for another chain or another contract recovers to another address.
 */
public record Eip712Domain(String name, String version, long chainId, String verifyingContract) {

    public Eip712Domain {
        if (chainId <= 0) {
            throw new IllegalArgumentException("chainId must be positive, was " + chainId);
        }
        verifyingContract = EvmHex.address(verifyingContract, "verifyingContract");
    }

    /** {@code 0x} hex of the domain separator, as the contract's {@code DOMAIN_SEPARATOR()} answers it. */
    public String separator() {
        return EvmHex.of(TypedDataHasher.domainSeparator(this));
    }
}
