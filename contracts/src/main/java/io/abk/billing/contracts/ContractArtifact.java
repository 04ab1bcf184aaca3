package io.abk.billing.contracts;

/**
 * A compiled contract as the build wrote it.
 *
 * @param name the Solidity contract's name
 * @param abiJson its ABI, a JSON array
 * @param bytecode its creation code, {@code 0x} hex, without constructor arguments
 */
public record ContractArtifact(String name, String abiJson, String bytecode) {}
